// The card name chooser (spec 001 §4.7) as a form widget: a select of the variants of the holder's name (the
// fields the definition's `composeFrom` names, read from the same form) and 'More...', which opens a free text.
// The value is the name the card carries; the rule language checks it like any text (letters and spaces, 255).
import { useState } from 'react';
import { Input, Select, Space } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { CARD_NAME_MORE, CUSTOM_CARD_NAME_MAX, cardNameVariants } from '../../../domain/cardName';

const MORE = '__more__';

export function CardNameWidget(props: WidgetProps) {
  const { composeFrom = [] } = props.options as { composeFrom?: string[] };
  const formData = (props.registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData ?? {};
  const variants = cardNameVariants(composeFrom.map((name) => formData[name]));
  const value = typeof props.value === 'string' ? props.value : '';
  // A typed name stays in the free text even when it happens to spell a variant.
  const [typing, setTyping] = useState(value !== '' && !variants.includes(value));
  const disabled = props.disabled || props.readonly;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={8}>
      <Select
        id={props.id}
        style={{ width: '100%' }}
        placeholder={props.placeholder}
        disabled={disabled}
        allowClear
        value={typing ? MORE : value || undefined}
        options={[...variants.map((name) => ({ value: name, label: name })), { value: MORE, label: CARD_NAME_MORE }]}
        onChange={(chosen?: string) => {
          setTyping(chosen === MORE);
          props.onChange(chosen === MORE || !chosen ? undefined : chosen);
        }}
        onBlur={() => props.onBlur(props.id, props.value)}
      />
      {typing && (
        <Input
          id={`${props.id}-custom`}
          aria-label={CARD_NAME_MORE}
          value={value}
          maxLength={CUSTOM_CARD_NAME_MAX}
          placeholder={props.placeholder}
          disabled={disabled}
          onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
          onBlur={() => props.onBlur(props.id, props.value)}
        />
      )}
    </Space>
  );
}
