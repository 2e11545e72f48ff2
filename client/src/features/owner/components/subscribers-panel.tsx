import { useQuery } from '@tanstack/react-query';
import { ownerZoneQuery, subscribersQuery, unknownVoiceReportsQuery } from '../api';
import { formatOwnerDateTime } from '../format';
import { Badge, DeskCard, QueryState } from './desk-ui';

const STATUS_TONES: Record<string, 'green' | 'amber' | 'red' | 'slate'> = {
  active: 'green',
  trialing: 'green',
  past_due: 'amber',
  canceled: 'red',
  unpaid: 'red',
};

export function SubscribersPanel() {
  const subscribers = useQuery(subscribersQuery());
  const zone = useQuery(ownerZoneQuery()).data?.ownerTimeZone;
  return (
    <DeskCard title="Voice subscribers">
      <QueryState
        isPending={subscribers.isPending}
        error={subscribers.error}
        isEmpty={!subscribers.data?.length}
        emptyText="No subscribers yet."
      >
        <ul className="divide-y divide-slate-100">
          {subscribers.data?.map((user) => (
            <li key={user.id} className="py-3 first:pt-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="break-all font-medium text-slate-900">{user.name ?? user.email}</span>
                <Badge tone={STATUS_TONES[user.status] ?? 'slate'}>{user.status.replace('_', ' ')}</Badge>
                {user.plan ? <Badge tone="brand">{user.plan}</Badge> : null}
              </p>
              {user.name ? <p className="break-all text-sm text-slate-600">{user.email}</p> : null}
              <p className="mt-1 text-sm text-slate-700">
                {user.minutesUsed} of {user.minutesLimit} minutes used this period
                {user.currentPeriodEnd ? `, renews ${formatOwnerDateTime(user.currentPeriodEnd, zone)}` : ''}
              </p>
              {user.recentSessions.length ? (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-brand-700">
                    Recent sessions ({user.recentSessions.length})
                  </summary>
                  <ul className="mt-1 space-y-1 pl-4 text-slate-700">
                    {user.recentSessions.map((session) => (
                      <li key={session.id}>
                        {formatOwnerDateTime(session.createdAt, zone)}: {session.status}
                        {session.minutes !== null ? `, ${session.minutes} min` : ''}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      </QueryState>
    </DeskCard>
  );
}

/** Calls Vapi reported that no session of this site made: billed to nobody, worth a look. */
export function UnknownVoiceReportsPanel() {
  const reports = useQuery(unknownVoiceReportsQuery());
  const zone = useQuery(ownerZoneQuery()).data?.ownerTimeZone;
  return (
    <DeskCard title="Reports for unknown calls">
      <QueryState
        isPending={reports.isPending}
        error={reports.error}
        isEmpty={!reports.data?.length}
        emptyText="None: every call Vapi reported was made from this site."
      >
        <ul className="divide-y divide-slate-100 text-sm text-slate-700">
          {reports.data?.map((report) => (
            <li key={report.id} className="py-2 first:pt-0">
              <span className="font-medium text-slate-900">
                {formatOwnerDateTime(report.createdAt, zone)}
              </span>
              {': '}
              call <span className="break-all font-mono text-xs">{report.vapiCallId}</span>
              {report.durationSeconds !== null ? `, ${Math.ceil(report.durationSeconds / 60)} min` : ''}
              {report.endedReason ? `, ${report.endedReason}` : ''}
            </li>
          ))}
        </ul>
      </QueryState>
    </DeskCard>
  );
}
