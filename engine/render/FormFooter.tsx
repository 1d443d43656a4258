// The footer of a record form's drawer or modal: Cancel (Close when only viewing) and Save.
import { Button, Space } from 'antd';

interface FormFooterProps {
  viewing: boolean;
  formId: string;
  saving: boolean;
  onClose(): void;
}

export function FormFooter({ viewing, formId, saving, onClose }: FormFooterProps) {
  return (
    <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
      <Button onClick={onClose}>{viewing ? 'Close' : 'Cancel'}</Button>
      {!viewing && (
        <Button type="primary" htmlType="submit" form={formId} loading={saving}>
          Save
        </Button>
      )}
    </Space>
  );
}
