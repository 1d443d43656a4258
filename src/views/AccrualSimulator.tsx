// Registered view "accrual-simulator", a tool of the accrual rule screens: an activity typed in
// (Park Activity's fields, the fields every posted activity has) or one of a member's picked, rated by the
// server's engine without posting: the miles, each criterion that gave them, and why every other candidate
// rule did not apply.
import { Alert, Button, Input, Select, Space, Spin } from 'antd';
import { RecordForm } from '../../engine/render/RecordForm';
import type { RecordViewProps } from '../../engine/render/recordViews';
import { AccrualResult } from './AccrualResult';
import { pickLabel, useAccrualSimulatorController } from './useAccrualSimulatorController';

const FORM_ID = 'accrual-simulator-form';

export default function AccrualSimulator({ record }: RecordViewProps) {
  const s = useAccrualSimulatorController(record);
  return (
    <div className="accrual-simulator">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input aria-label="Member Card Number" placeholder="Input Card Number" value={s.card} onChange={(e) => s.setCard(e.target.value)} onPressEnter={() => void s.loadActivities()} style={{ width: 220 }} />
        <Button onClick={() => void s.loadActivities()} disabled={!s.card.trim()}>
          Member Activities
        </Button>
        {s.picks && (
          <Select
            aria-label="Member Activity"
            placeholder="Choose Member Activity"
            showSearch={{ optionFilterProp: "label" }}
            style={{ width: 420 }}
            options={s.picks.map((a) => ({ value: String(a.activityid), label: pickLabel(a) }))}
            notFoundContent="No activity"
            onChange={s.pick}
          />
        )}
      </Space>
      {s.pickError && <Alert type="error" showIcon message={s.pickError} style={{ marginBottom: 16 }} closable onClose={s.clearPickError} />}
      {!s.form ? (
        <Spin style={{ display: 'block', margin: 24 }} />
      ) : (
        <RecordForm key={s.formKey} screen={s.form} mode="create" initial={s.values} serverErrors={s.errors} formId={FORM_ID} onSubmit={(typed) => void s.simulate(typed)} />
      )}
      <Space>
        <Button type="primary" htmlType="submit" form={FORM_ID} loading={s.running} disabled={!s.form}>
          Simulate
        </Button>
        <Button onClick={s.reset}>Reset</Button>
      </Space>

      {s.failure && <Alert type="error" showIcon message={s.failure} style={{ marginTop: 16 }} />}
      {s.answer && <AccrualResult answer={s.answer} verdicts={s.verdicts} show={s.show} onShow={s.setShow} ruleName={s.ruleName} />}
    </div>
  );
}
