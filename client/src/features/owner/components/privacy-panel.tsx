import { useId, useState, type FormEvent } from 'react';
import type { ErasureSummary } from '@shared/erasure';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/api-client';
import { useErasure } from '../api';
import { DeskCard } from './desk-ui';

const COUNT_LABELS: Record<keyof ErasureSummary['erased'], string> = {
  conversations: 'Conversations deleted',
  messages: 'Messages deleted',
  unansweredQuestions: 'Unanswered questions deleted',
  contactRequestsAnonymised: 'Contact requests anonymised',
  outboxMails: 'Outbox mails deleted',
  verificationCodes: 'Verification codes deleted',
  voiceTranscripts: 'Voice transcripts deleted',
  subscriptionUsersDeleted: 'Subscribers deleted',
  subscriptionUsersAnonymised: 'Subscribers anonymised',
  demoCheckouts: 'Demo checkouts deleted',
};

export function PrivacyPanel() {
  const [email, setEmail] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const erasure = useErasure();
  const inputId = useId();

  const ask = (event: FormEvent) => {
    event.preventDefault();
    erasure.reset();
    setIsConfirming(true);
  };
  const erase = () => erasure.mutate(email.trim(), { onSettled: () => setIsConfirming(false) });

  return (
    <DeskCard title="Erase a person's data">
      <p className="-mt-2 mb-4 text-sm text-slate-600">
        Deletes everything held for an e-mail address: chats, messages, voice transcripts, mail. Bookings stay
        for your records without name, phone or e-mail.
      </p>
      <form onSubmit={ask} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            E-mail address
          </label>
          <input
            id={inputId}
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="mt-1 block h-10 w-full rounded-lg border border-slate-300 px-3 text-base focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          />
        </div>
        <Button type="submit" variant="danger" disabled={!email.trim()}>
          Erase…
        </Button>
      </form>
      {erasure.isError ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {getErrorMessage(erasure.error)}
        </p>
      ) : null}
      {erasure.data ? <ErasureResult summary={erasure.data} /> : null}
      <Dialog open={isConfirming} onOpenChange={setIsConfirming}>
        <DialogContent
          title="Erase this person's data?"
          description={`Everything held for ${email.trim()} is erased. This cannot be undone.`}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setIsConfirming(false)}>
              Keep it
            </Button>
            <Button variant="danger" disabled={erasure.isPending} onClick={erase}>
              {erasure.isPending ? 'Erasing…' : 'Erase everything'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </DeskCard>
  );
}

function ErasureResult({ summary }: { summary: ErasureSummary }) {
  return (
    <div role="status" className="mt-4 rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900">
      <p className="font-medium">Erased.</p>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {Object.entries(summary.erased).map(([key, count]) => (
          <div key={key} className="contents">
            <dt>{COUNT_LABELS[key as keyof ErasureSummary['erased']] ?? key}</dt>
            <dd className="text-right font-medium tabular-nums">{count}</dd>
          </div>
        ))}
      </dl>
      {summary.notes.length ? (
        <ul className="mt-3 list-disc pl-5">
          {summary.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
