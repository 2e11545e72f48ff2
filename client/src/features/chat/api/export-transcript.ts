import { useMutation } from '@tanstack/react-query';
import type { Transcript } from '@shared/chat';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { saveFile } from '../save-file';
import { getTranscriptFileName, toTranscriptMarkdown } from '../transcript-markdown';

const EXPORT_FAILED_MESSAGE = 'Failed to export transcript';
const EXPORT_SUCCEEDED_MESSAGE = 'Transcript exported successfully';

export type TranscriptFormat = 'json' | 'md';

/** GET /api/conversations/:id/transcript: the JSON document, as a file's content. */
async function fetchTranscript(conversationId: string): Promise<Blob> {
  const res = await apiRequest('GET', `/api/conversations/${encodeURIComponent(conversationId)}/transcript`);
  const blob = await res.blob();
  return blob.type ? blob : new Blob([blob], { type: 'application/json' });
}

/** Downloads the transcript as a JSON or a Markdown file, with the catalogue's toasts. */
export function useExportTranscript(conversationId: string | null) {
  return useMutation({
    mutationFn: async (format: TranscriptFormat = 'json') => {
      if (!conversationId) throw new Error('No conversation yet.');
      const transcript = await fetchTranscript(conversationId);
      // Named by the visitor's own date, not the server's (UTC) Content-Disposition name: an
      // evening export west of Greenwich would otherwise carry tomorrow's date.
      const fileName = getTranscriptFileName(new Date(), format);
      if (format === 'json') {
        saveFile(transcript, fileName);
        return;
      }
      const markdown = toTranscriptMarkdown(JSON.parse(await transcript.text()) as Transcript, (iso) =>
        new Date(iso).toLocaleString(),
      );
      saveFile(new Blob([markdown], { type: 'text/markdown;charset=utf-8' }), fileName);
    },
    onSuccess: () => toast({ title: 'Success', description: EXPORT_SUCCEEDED_MESSAGE }),
    onError: () => toast({ title: 'Error', description: EXPORT_FAILED_MESSAGE, variant: 'destructive' }),
  });
}
