// The person's sessions: where each is signed in, since when, last active,
// this device marked; Sign out of one, or of every other one.
import { useQueryClient } from '@tanstack/react-query';
import { SECURITY_MESSAGES } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { showApiError } from '@/lib/api-feedback';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  endOtherSessions,
  endSession,
  securityKeys,
  useSessions,
  type SecurityActor,
} from '../api/security-api';

export function SessionsList({ actor }: { actor: SecurityActor }) {
  const sessions = useSessions(actor);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions(actor) });

  const signOut = async (id: string) => {
    const result = await endSession(actor, id);
    if (!result.success) return showApiError(result);
    toast.success(SECURITY_MESSAGES.sessionEnded);
    await refresh();
  };
  const signOutOthers = async () => {
    const result = await endOtherSessions(actor);
    if (!result.success) return showApiError(result);
    toast.success(SECURITY_MESSAGES.otherSessionsEnded);
    await refresh();
  };

  if (sessions.isError) {
    return (
      <QueryError
        error={sessions.error}
        onRetry={() => sessions.refetch()}
        isRetrying={sessions.isFetching}
      />
    );
  }
  if (!sessions.data) return <p className="text-sm text-slate-500">Loading sessions...</p>;
  const others = sessions.data.filter((session) => !session.current);
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200">
        {sessions.data.map((session) => (
          <li
            key={session.id}
            aria-label={`${session.browser} on ${session.system}`}
            className="flex flex-wrap items-center justify-between gap-3 p-4"
          >
            <div className="text-sm">
              <p className="font-semibold text-slate-900">
                {session.browser} on {session.system}
                {session.current && (
                  <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                    This device
                  </span>
                )}
              </p>
              <p className="text-slate-600">Network {session.network}</p>
              <p className="text-slate-600">
                Signed in {formatDateTime(session.signedInAt)} · Last active{' '}
                {formatDateTime(session.lastActiveAt)}
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                onClick={() => void signOut(session.id)}
                className={buttonStyles.outline}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <button
          type="button"
          onClick={() => void signOutOthers()}
          className={`${buttonStyles.outline} self-start`}
        >
          Sign out of all other sessions
        </button>
      )}
    </div>
  );
}
