import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { useSetPageStatus } from '@/lib/page-status';
import { usePageTitle } from '@/lib/page-title';

export function NotFoundPage() {
  useSetPageStatus(404);
  usePageTitle('not-found');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <div className="flex items-center gap-3">
          <AlertCircle className="size-8 text-red-500" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">
          This page does not exist, or its link is mistyped or out of date. Everything on this site starts
          from the chat: ask a question there, book a call or talk by voice.
        </p>
        <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
          <Link href="/" className="text-brand-700 underline">
            Back to the chat
          </Link>
          <Link href="/voice" className="text-brand-700 underline">
            Talk by voice
          </Link>
        </div>
      </div>
    </main>
  );
}
