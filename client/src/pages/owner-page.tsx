import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { getErrorMessage, hasStatus } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { ownerSessionQuery, useDeskFreshness, useSignOut } from '@/features/owner/api';
import { ConversationsPanel } from '@/features/owner/components/conversations-panel';
import { DeskTabs } from '@/features/owner/components/desk-tabs';
import { LeadsPanel } from '@/features/owner/components/leads-panel';
import { MailPanel } from '@/features/owner/components/mail-panel';
import { PrivacyPanel } from '@/features/owner/components/privacy-panel';
import { QuestionsPanel } from '@/features/owner/components/questions-panel';
import { SignInForm } from '@/features/owner/components/sign-in-form';
import { SubscribersPanel, UnknownVoiceReportsPanel } from '@/features/owner/components/subscribers-panel';
import { TranscriptDialog } from '@/features/owner/components/transcript-dialog';

// The owner's desk (/owner): loaded only when visited (app.tsx), so the chat page carries none of it.
export default function OwnerPage() {
  const session = useQuery(ownerSessionQuery());
  usePageTitle('owner');

  // The form while the session is being checked too: the page is prerendered without a session,
  // so its first paint is the form (not a spinner), and a signed-in owner's desk replaces it.
  if (session.isPending || hasStatus(session.error, 401)) return <SignInForm />;
  if (session.error)
    return (
      <main className="flex min-h-dvh items-center justify-center p-4">
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(session.error)}
        </p>
      </main>
    );
  return <Desk username={session.data.username} />;
}

function Desk({ username }: { username: string }) {
  const [tab, setTab] = useState('leads');
  const [openChat, setOpenChat] = useState<string | null>(null);
  const signOut = useSignOut();
  useDeskFreshness();
  const tabs = [
    { id: 'leads', label: 'Calls & leads', panel: <LeadsPanel onOpenChat={setOpenChat} /> },
    { id: 'conversations', label: 'Conversations', panel: <ConversationsPanel onOpenChat={setOpenChat} /> },
    { id: 'questions', label: 'Unanswered', panel: <QuestionsPanel onOpenChat={setOpenChat} /> },
    {
      id: 'voice',
      label: 'Voice',
      panel: (
        <div className="space-y-4">
          <SubscribersPanel />
          <UnknownVoiceReportsPanel />
        </div>
      ),
    },
    { id: 'mail', label: 'Mail', panel: <MailPanel /> },
    { id: 'privacy', label: 'Privacy', panel: <PrivacyPanel /> },
  ];
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3">
          <h1 className="text-lg font-bold text-slate-900">Owner desk</h1>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-slate-600 sm:inline">Signed in as {username}</span>
            <Button
              variant="secondary"
              size="sm"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-4xl px-4 pb-10 pt-2">
        <DeskTabs tabs={tabs} active={tab} onChange={setTab} />
      </main>
      <TranscriptDialog conversationId={openChat} onClose={() => setOpenChat(null)} />
    </div>
  );
}
