import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationState, MessagesList, OrderMessage } from '#shared/contracts/messages.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Every API call of the order conversation, in one module. */

const messagesKeys = queryKeys.messages;

/** GET /api/orders/:id/messages: oldest first; every page (a conversation is short). */
export async function getMessages(orderId: string, signal?: AbortSignal): Promise<OrderMessage[]> {
  const items: OrderMessage[] = [];
  let cursor: string | null = null;
  do {
    const page: MessagesList = await api.messages.list({ params: { id: orderId }, query: { limit: 100, ...(cursor ? { cursor } : {}) }, signal });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && items.length < 1000);
  return items;
}

export function useMessages(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: messagesKeys.conversation(orderId),
    queryFn: ({ signal }) => getMessages(orderId, signal),
    enabled,
    staleTime: 0,
    // While open, the other party's answers show up without a reload.
    refetchInterval: enabled ? 15_000 : false,
  });
}

export function sendMessage({ orderId, body }: { orderId: string; body: string }): Promise<OrderMessage> {
  return api.messages.send({ params: { id: orderId }, body: { body } });
}

export function useSendMessage(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage({ orderId, body }),
    onSuccess: (message) => {
      queryClient.setQueryData<OrderMessage[]>(messagesKeys.conversation(orderId), (old) =>
        old && !old.some((m) => m.id === message.id) ? [...old, message] : old);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKeys.conversation(orderId) }),
  });
}

export function markConversationRead(orderId: string): Promise<ConversationState> {
  return api.messages.markRead({ params: { id: orderId } });
}

export function useMarkConversationRead(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(orderId),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: messagesKeys.unread }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
      ]);
    },
  });
}

/** GET /api/messages/unread: the caller's conversations with unread messages (one request per page). */
export function useUnreadConversations(enabled = true) {
  return useQuery({
    queryKey: messagesKeys.unread,
    queryFn: ({ signal }) => api.messages.unread({ signal }),
    enabled,
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

/** GET /api/producer/buyers/:id/orders: orders the signed-in producer shares with a buyer. */
export function useSharedOrders(buyerId: string, enabled: boolean) {
  return useQuery({
    queryKey: messagesKeys.shared(buyerId),
    queryFn: ({ signal }) => api.messages.sharedOrders({ params: { id: buyerId }, signal }),
    enabled,
  });
}
