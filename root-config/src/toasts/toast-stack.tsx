import { useEffect, useState } from 'react';
import { Icon, Message } from 'semantic-ui-react';
import { bus, type RcEvents } from '@rc/shared-utility';

type Toast = RcEvents['toast'] & { id: number };

const visibleMs = 3000;
const icons = { error: 'times circle', success: 'check circle', info: 'info circle', warning: 'warning circle' } as const;

/** Renders the bus's `toast` events from every part of the portal. */
export function ToastStack() {
  const [toasts, setToasts] = useState<Toast[]>([]);

  useEffect(() => {
    let nextId = 0;
    return bus.on('toast', (toast) => {
      const id = ++nextId;
      setToasts((list) => [...list, { ...toast, id }]);
      window.setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), visibleMs);
    });
  }, []);

  return (
    <div className="rc-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <Message
          key={toast.id}
          size="small"
          className="rc-toast"
          data-type={toast.type}
          error={toast.type === 'error'}
          success={toast.type === 'success'}
          info={toast.type === 'info'}
          warning={toast.type === 'warning'}
        >
          <Icon name={icons[toast.type]} />
          {toast.message}
        </Message>
      ))}
    </div>
  );
}
