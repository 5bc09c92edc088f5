import { useCallback } from 'react';
import { appArea } from '../apps/app-container';

/** Where the active micro-app renders; the app area itself lives outside React (see app-container). */
export function AppSlot() {
  const attach = useCallback((slot: HTMLDivElement | null) => {
    if (slot) slot.append(appArea());
  }, []);
  return <div className="rc-app-slot" ref={attach} />;
}
