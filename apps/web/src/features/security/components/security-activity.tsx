// The person's own latest security changes, newest first, with when and from
// which network: a change they did not make is how a stolen password shows.
import { SECURITY_EVENT_TEXTS, type SecurityActivity } from '@gets/schema';
import { formatDateTime } from '@/lib/format';

export function SecurityActivityList({ activity }: { activity: SecurityActivity[] }) {
  if (activity.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        Nothing yet. Sign-ins from a new browser, password resets, passkeys and authenticator apps
        added or removed, new recovery codes and wallet exports are listed here.
      </p>
    );
  }
  return (
    <ul
      aria-label="Recent security activity"
      className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200"
    >
      {activity.map((change, index) => (
        <li key={`${change.at}-${index}`} className="p-4 text-sm">
          <p className="font-semibold text-slate-900">{SECURITY_EVENT_TEXTS[change.event]}</p>
          {change.device && <p className="text-slate-700">{change.device}</p>}
          <p className="text-slate-600">
            {formatDateTime(change.at)}
            {change.network && <> · Network {change.network}</>}
          </p>
        </li>
      ))}
    </ul>
  );
}
