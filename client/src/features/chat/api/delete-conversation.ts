import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, hasStatus } from '@/lib/api-client';

const DELETE_FAILED_MESSAGE = 'Failed to delete the chat. Please try again.';

/**
 * DELETE /api/conversations/:id: the visitor's own chat and its messages leave the site (a booked
 * call stays booked). One already gone (404) counts as deleted.
 */
export function useDeleteConversation(conversationId: string | null, onDeleted: () => void) {
  return useMutation({
    mutationFn: async () => {
      if (!conversationId) return;
      try {
        await apiRequest('DELETE', `/api/conversations/${encodeURIComponent(conversationId)}`);
      } catch (error) {
        if (!hasStatus(error, 404)) throw error;
      }
    },
    onSuccess: () => {
      onDeleted();
      toast({ title: 'Chat deleted', description: 'Your messages were deleted. This is a new chat.' });
    },
    onError: () => toast({ title: 'Error', description: DELETE_FAILED_MESSAGE, variant: 'destructive' }),
  });
}
