// A wizard's footer: Reset, and Back / Next / Submit as the step allows.
import { Button, Space, Tooltip } from 'antd';
import { WIZARD_SUBMIT_FUNCTION } from '../definition/compile';
import { useEngine } from './EngineContext';
import { WIZARD_BUTTONS } from './wizardTexts';
import { type WizardController } from './controllers/useWizardController';

/** Reset, and Back / Next / Submit as the step allows (Submit needs the wizard's submit function). */
export function WizardFooter({ flow, formId, onReset }: { flow: WizardController; formId: string; onReset(): void }) {
  const { wizard, inner, index, step } = flow;
  const { can } = useEngine();
  const mayDo = can(`${wizard.menucode}_${WIZARD_SUBMIT_FUNCTION}`);
  const send = flow.send;
  const busy = inner === 'checking' || inner === 'submitting' || inner === 'quoting';
  return (
    <div className="engine-wizard-actions">
      <Button onClick={onReset} disabled={inner === 'submitting'}>
        {WIZARD_BUTTONS.reset}
      </Button>
      <Space>
        {index > 0 && (
          <Button onClick={() => send({ type: 'BACK' })} disabled={busy}>
            {WIZARD_BUTTONS.back}
          </Button>
        )}
        {step?.kind === 'form' && (
          <Button type="primary" htmlType="submit" form={formId} loading={inner === 'checking'}>
            {WIZARD_BUTTONS.next}
          </Button>
        )}
        {step?.kind === 'list' && (
          <Button type="primary" onClick={() => send({ type: 'NEXT' })}>
            {WIZARD_BUTTONS.next}
          </Button>
        )}
        {step?.kind === 'summary' && (
          <Tooltip title={mayDo ? undefined : WIZARD_BUTTONS.noGrant}>
            <Button type="primary" onClick={() => send({ type: 'SUBMIT' })} loading={inner === 'submitting' || inner === 'quoting'} disabled={!mayDo}>
              {WIZARD_BUTTONS.submit}
            </Button>
          </Tooltip>
        )}
      </Space>
    </div>
  );
}
