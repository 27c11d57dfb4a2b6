import { useEffect, useState } from 'react';

const WORDS: Record<NotificationPermission, string> = {
  granted: 'allowed',
  denied: 'blocked',
  default: 'not asked yet',
};

/** The desktop shell shows system notifications from main; only the web host needs the browser's permission. */
export function usesBrowserNotifications(): boolean {
  return typeof Notification !== 'undefined' && !window.codecoder;
}

/**
 * The browser's notification permission, shown in Settings with a button to ask for it. It is asked
 * here, when the user chooses to — never as a surprise the first time an approval arrives unseen.
 */
export function NotificationPermissionControl() {
  const [permission, setPermission] = useState<NotificationPermission | null>(() =>
    usesBrowserNotifications() ? Notification.permission : null,
  );
  useEffect(() => {
    if (!usesBrowserNotifications()) return;
    // The user may change it in the browser's site settings: follow it.
    const reread = () => setPermission(Notification.permission);
    window.addEventListener('focus', reread);
    document.addEventListener('visibilitychange', reread);
    return () => {
      window.removeEventListener('focus', reread);
      document.removeEventListener('visibilitychange', reread);
    };
  }, []);

  if (permission === null) {
    return (
      <p className="muted small" data-testid="notification-permission">
        {window.codecoder ? 'The desktop app shows system notifications.' : 'This browser does not support notifications.'}
      </p>
    );
  }
  return (
    <p className="small" data-testid="notification-permission">
      Browser permission: <strong>{WORDS[permission]}</strong>.{' '}
      {permission === 'default' && (
        <button
          type="button"
          onClick={() => void Notification.requestPermission().then(setPermission, () => setPermission(Notification.permission))}
        >
          Allow notifications in this browser
        </button>
      )}
      {permission === 'denied' && <span className="muted">Allow them for this address in the browser&apos;s site settings.</span>}
    </p>
  );
}
