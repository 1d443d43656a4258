// A list screen's record form (create, edit) or details (view), in a modal or a drawer as the screen says.
import { lazy, Suspense, useState } from 'react';
import { Modal } from 'antd';
import { FORM_WIDTH, type ScreenDefinition } from '../definition/screen';
import { FormFooter } from './FormFooter';
import { keyData, useRecordController } from './controllers/useRecordController';

// The form (rjsf + ajv) loads the first time a form opens.
const RecordForm = lazy(() => import('./RecordForm').then((m) => ({ default: m.RecordForm })));
// The details view (descriptions, grant tables, change tables) loads with the first record viewed, not with the list.
const RecordDetails = lazy(() => import('./RecordDetails').then((m) => ({ default: m.RecordDetails })));
// The drawer around them too: it is first drawn when a form first opens, and kept for its closing motion.
const Drawer = lazy(() => import('./widgets/drawer').then((m) => ({ default: m.Drawer })));

/** The record's form (create, edit) or details (view), in a modal or a drawer as the screen says. */
export function RecordFormPanel({ screen, record }: { screen: ScreenDefinition; record: ReturnType<typeof useRecordController> }) {
  const { form, saving, close, save, title } = record;
  const [formOpened, setFormOpened] = useState(false);
  if (form && !formOpened) setFormOpened(true);
  const formId = `form-${screen.menucode}`;
  const body = form && (
    <Suspense fallback={null}>
      {form.mode === 'view' ? (
        <RecordDetails screen={screen} record={form.record} />
      ) : (
        <RecordForm key={`${form.mode}-${JSON.stringify(keyData(screen, form.record))}`} screen={screen} mode={form.mode} initial={form.record} serverErrors={form.errors} formId={formId} onSubmit={(values) => void save(values)} />
      )}
    </Suspense>
  );
  const footer = <FormFooter viewing={form?.mode === 'view'} formId={formId} saving={saving} onClose={close} />;
  if (screen.options?.formIn === 'modal') {
    return (
      <Modal open={!!form} title={title} onCancel={close} footer={footer} width={screen.options?.formWidth ?? FORM_WIDTH} destroyOnHidden>
        {body}
      </Modal>
    );
  }
  return (
    formOpened && (
      <Suspense fallback={null}>
        <Drawer open={!!form} title={title} onClose={close} footer={footer} size={screen.options?.formWidth ?? FORM_WIDTH} destroyOnHidden>
          {body}
        </Drawer>
      </Suspense>
    )
  );
}
