// A form field's rule messages under it, one a line, as the props of its antd Form.Item.

/** The Form.Item props that mark a field in error with its messages; none when it passes. */
export function fieldStatus(messages: string[] | undefined) {
  return messages?.length ? { validateStatus: 'error' as const, help: messages.map((text) => <div key={text}>{text}</div>) } : {};
}
