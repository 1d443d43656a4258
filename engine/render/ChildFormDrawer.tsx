// A child row's form (create, edit: the parent key locked) or details (view), in a drawer.
import { lazy, Suspense } from 'react';
import { Drawer, Spin } from 'antd';
import { FORM_WIDTH, type ScreenDefinition } from '../definition/screen';
import { RecordDetails } from './RecordDetails';
import { FormFooter } from './FormFooter';
import { useRecordController } from './controllers/useRecordController';

const RecordForm = lazy(() => import('./RecordForm').then((m) => ({ default: m.RecordForm })));

/** A child row's form (create, edit: the parent key locked) or details (view), in a drawer. */
export function ChildFormDrawer({ screen, record, locked }: { screen: ScreenDefinition; record: ReturnType<typeof useRecordController>; locked: string[] }) {
  const { form, saving, close, save, title } = record;
  const formId = `child-form-${screen.menucode}`;
  return (
    <Drawer
      open={!!form}
      title={title}
      onClose={close}
      size={screen.options?.formWidth ?? FORM_WIDTH}
      destroyOnHidden
      footer={<FormFooter viewing={form?.mode === 'view'} formId={formId} saving={saving} onClose={close} />}
    >
      {form &&
        (form.mode === 'view' ? (
          <RecordDetails screen={screen} record={form.record} />
        ) : (
          <Suspense fallback={<Spin />}>
            <RecordForm screen={screen} mode={form.mode} initial={form.record} serverErrors={form.errors} formId={formId} locked={locked} onSubmit={(values) => void save(values)} />
          </Suspense>
        ))}
    </Drawer>
  );
}
