// A list screen's heading: its title and buttons (its tools, each a registered view in a drawer; Upload; Create).
import { lazy, Suspense, useState } from 'react';
import { Button, Space } from 'antd';
import { ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import { actionFunctionCode } from '../definition/compile';
import { type ScreenDefinition, type ScreenTool } from '../definition/screen';
import { UploadButton } from './BulkControls';
import { useEngine } from './EngineContext';

// A tool's drawer loads when a tool is first opened.
const Drawer = lazy(() => import('./widgets/drawer').then((m) => ({ default: m.Drawer })));

/** A tool's drawer (the accrual simulator: its form and two tables). */
const TOOL_WIDTH = 1100;

interface ScreenToolbarProps {
  screen: ScreenDefinition;
  canUpload: boolean;
  canCreate: boolean;
  onUploaded(): void;
  onCreate(): void;
}

/** The screen's title and its buttons: its tools (a registered view in a drawer), Upload and Create. */
export function ScreenToolbar({ screen, canUpload, canCreate, onUploaded, onCreate }: ScreenToolbarProps) {
  const { can, views } = useEngine();
  // The screen's tools (e.g. the accrual simulator): the ones the role may open.
  const tools = (screen.tools ?? []).filter((tool) => can(tool.function ?? actionFunctionCode(screen, 'access')));
  const [tool, setTool] = useState<ScreenTool>();
  const [toolOpened, setToolOpened] = useState(false);
  if (tool && !toolOpened) setToolOpened(true);
  const ToolView = tool ? views[tool.view] : undefined;
  return (
    <div className="engine-toolbar">
      {/* antd's level-4 Title in CSS (styles.css): Typography would load its editing and copying parts with every list. */}
      <h4 className="engine-title">{screen.title}</h4>
      <Space>
        {tools.map((t) => (
          <Button key={t.key} icon={<ExperimentOutlined />} onClick={() => setTool(t)}>
            {t.label}
          </Button>
        ))}
        {canUpload && <UploadButton screen={screen} onUploaded={onUploaded} />}
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
            Create
          </Button>
        )}
      </Space>
      {toolOpened && (
        <Suspense fallback={null}>
          <Drawer open={!!tool} title={tool?.label} onClose={() => setTool(undefined)} size={TOOL_WIDTH}>
            {tool && ToolView && <ToolView screen={screen} record={{}} section={{ key: tool.key, label: tool.label, view: tool.view }} />}
          </Drawer>
        </Suspense>
      )}
    </div>
  );
}
