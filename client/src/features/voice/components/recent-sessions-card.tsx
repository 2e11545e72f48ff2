import { format } from 'date-fns/format';
import { History } from 'lucide-react';
import type { VoiceSessionView } from '@shared/voice';
import { formatDuration } from '../format';
import { Card } from './card';

const RECENT_SESSIONS = 5;

export function RecentSessionsCard({
  sessions,
  isLoading,
  isError,
  isVerified,
}: {
  sessions: VoiceSessionView[] | undefined;
  isLoading: boolean;
  isError: boolean;
  isVerified: boolean;
}) {
  const recent = (sessions ?? []).slice(0, RECENT_SESSIONS);
  return (
    <Card
      title="Recent Sessions"
      titleId="sessions-heading"
      icon={<History className="size-5 text-brand-600" aria-hidden />}
    >
      {!isVerified ? (
        <p className="mt-3 text-sm text-slate-600">Verify your e-mail to see your sessions.</p>
      ) : isLoading ? (
        <p className="mt-3 text-sm text-slate-600" role="status">
          Loading sessions…
        </p>
      ) : isError ? (
        <p className="mt-3 text-sm text-red-700">Your sessions could not be loaded.</p>
      ) : recent.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No sessions yet</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Latest voice sessions">
          {recent.map((session) => (
            <li key={session.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
              <time dateTime={session.createdAt} className="text-slate-700">
                {format(new Date(session.createdAt), 'MMM d, yyyy, h:mm a')}
              </time>
              <span className="font-mono tabular-nums text-slate-900">
                {session.status === 'ended' ? formatDuration(session.duration ?? 0) : 'In progress'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
