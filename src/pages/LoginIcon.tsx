// One of antd's icons drawn from its path data alone (@ant-design/icons-svg), for the login page that loads no antd.
import type { IconDefinition, AbstractNode } from '@ant-design/icons-svg/es/types';

export function LoginIcon({ icon }: { icon: IconDefinition }) {
  const node = icon.icon as AbstractNode;
  return (
    <svg viewBox={node.attrs.viewBox} focusable="false" aria-hidden="true">
      {node.children?.map((path) => <path key={path.attrs.d} d={path.attrs.d} />)}
    </svg>
  );
}
