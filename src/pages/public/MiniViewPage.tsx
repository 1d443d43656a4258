// /mini-view: 'Member Search' by card number and the 'Member Info' summary, driven by miniViewMachine.
import { Alert, Button, Descriptions, Empty, Form, Input, Table, Tag, Typography } from 'antd';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { formatDate } from '../../../engine/definition/format';
import { CARD_NUMBER_MAX, MEMBER_FLOW_PATHS, MEMBER_FLOW_TEXTS, type MemberSummary } from '../../../domain/memberFlows';
import { miniViewMachine } from '../../../workflows/miniViewMachine';
import { PublicLayout } from './PublicLayout';
import { publicCall } from './publicApi';

const actors = {
  findMember: fromPromise(async ({ input }: { input: { cardnumber: string } }) =>
    publicCall(MEMBER_FLOW_PATHS.memberProfile, { cardnumber: input.cardnumber, type: 'SUMMARY' }),
  ),
};

const statusColor = (status: string) => (status === 'ACTIVE' ? 'green' : status === 'INACTIVE' || status === 'TERMINATED' ? 'red' : 'default');

function MemberInfo({ member }: { member: MemberSummary }) {
  return (
    <>
      <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="First Name">{member.firstname}</Descriptions.Item>
        <Descriptions.Item label="Last Name">{member.lastname}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <Tag color={statusColor(member.status)}>{member.status}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Account Period">
          {formatDate(member.memberaccount.startperiod)} - {formatDate(member.memberaccount.endperiod)}
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        pagination={false}
        rowKey="cardnumber"
        dataSource={member.membercards}
        columns={[
          { title: 'Card Number', dataIndex: 'cardnumber' },
          { title: 'Membership', dataIndex: 'membershipname' },
          { title: 'Tier', dataIndex: 'tiername' },
        ]}
      />
    </>
  );
}

export default function MiniViewPage() {
  const [form] = Form.useForm();
  const [state, send] = useMachine(miniViewMachine.provide({ actors }));
  const { context } = state;
  const searched = state.matches('found') || state.matches('notFound') || state.matches('failed');
  return (
    <PublicLayout title={MEMBER_FLOW_TEXTS.miniViewSearch} wide>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values: { cardnumber?: string }) => {
          // The number is searched trimmed (spec 000 §5); the field shows what was searched.
          const cardnumber = values.cardnumber ?? '';
          form.setFieldValue('cardnumber', cardnumber.trim());
          send({ type: 'SEARCH', cardnumber });
        }}
      >
        <Form.Item name="cardnumber" label="Card Number" {...(context.fieldError ? { validateStatus: 'error' as const, help: context.fieldError } : {})}>
          {/* At most 45 characters (spec 000 §5, §9) as the member types or pastes, not only when searching. */}
          <Input placeholder="Card Number" inputMode="numeric" maxLength={CARD_NUMBER_MAX} allowClear />
        </Form.Item>
        <div className="mini-view-actions">
          <Button
            onClick={() => {
              form.resetFields();
              send({ type: 'RESET' });
            }}
          >
            Reset
          </Button>
          <Button type="primary" htmlType="submit" loading={state.matches('searching')}>
            Submit
          </Button>
        </div>
      </Form>
      {searched && (
        <section style={{ marginTop: 24 }}>
          <Typography.Title level={4}>{MEMBER_FLOW_TEXTS.miniViewInfo}</Typography.Title>
          {state.matches('found') && context.member && <MemberInfo member={context.member} />}
          {state.matches('notFound') && <Empty description={MEMBER_FLOW_TEXTS.miniViewEmpty} />}
          {state.matches('failed') && <Alert type="error" showIcon title={context.message} />}
        </section>
      )}
    </PublicLayout>
  );
}
