// A pick list's Add: a modal choosing several existing records to link.
import { Modal, Select } from 'antd';
import { PICK_REMOVE, PICK_REMOVE_CONFIRM } from '../definition/rowActions';
import { useSelectorOptions } from './useSelectorOptions';

// not in spec: a pick list's button texts and the confirmation of a removal (spec 000 §4's pattern)
export const PICK_TEXTS = { add: 'Add', remove: PICK_REMOVE, removeConfirm: PICK_REMOVE_CONFIRM } as const;

interface PickModalProps {
  open: boolean;
  title: string;
  selector: string;
  placeholder: string;
  excluded: Set<unknown>;
  chosen: string[];
  onChange(chosen: string[]): void;
  onCancel(): void;
  onOk(): void;
}

/** Chooses several existing records to link, from the picked field's selector, leaving out the linked ones. */
export function PickModal({ open, title, selector, placeholder, excluded, chosen, onChange, onCancel, onOk }: PickModalProps) {
  const { options, loading } = useSelectorOptions(open ? selector : undefined);
  const choices = options.filter((o) => !excluded.has(o.value)).map((o) => ({ value: String(o.value), label: o.label }));
  return (
    <Modal open={open} title={title} okText={PICK_TEXTS.add} onOk={onOk} okButtonProps={{ disabled: chosen.length === 0 }} onCancel={onCancel} destroyOnHidden>
      <Select
        aria-label={title}
        mode="multiple"
        style={{ width: '100%' }}
        placeholder={placeholder}
        loading={loading}
        value={chosen}
        onChange={onChange}
        options={choices}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </Modal>
  );
}
