// The persistent error toast of spec 000 §8: a server message that stays until the user closes it (a close
// button on the toast) or leaves the screen (the shell calls closeErrorToasts on every route change).
import { Button } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { MessageInstance } from 'antd/es/message/interface';

/** Keys of the open toasts that belong to the current screen. */
const screenToasts = new Set<string>();

// not in spec: the close button's accessible name
export const CLOSE_TOAST = 'Close';

interface ErrorToastOptions {
  /** One toast per key: the same key replaces the shown text (default: the text itself). */
  key?: string;
  /** Stays when the route changes (the session-drop notice that explains the move to the login page). */
  acrossRoutes?: boolean;
}

export function showErrorToast(message: MessageInstance, text: string, { key = text, acrossRoutes = false }: ErrorToastOptions = {}) {
  const close = () => {
    screenToasts.delete(key);
    message.destroy(key);
  };
  if (!acrossRoutes) screenToasts.add(key);
  message.error({
    key,
    duration: 0,
    className: 'engine-error-toast',
    content: (
      <span className="engine-error-toast-body">
        <span className="engine-error-toast-text">{text}</span>
        <Button type="text" size="small" aria-label={CLOSE_TOAST} icon={<CloseOutlined />} onClick={close} />
      </span>
    ),
    onClose: () => void screenToasts.delete(key),
  });
}

/** Closes the error toasts of the screen being left. */
export function closeErrorToasts(message: MessageInstance) {
  for (const key of screenToasts) message.destroy(key);
  screenToasts.clear();
}
