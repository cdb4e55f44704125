import { z } from 'zod';
import { listResponse } from './common.ts';
import { queryWholeNumber, text } from './fields.ts';

/**
 * An order's conversation between its buyer and its producer: GET/POST
 * /api/orders/:id/messages. Anyone else gets 404. The text is kept byte for byte.
 */

export const MESSAGE_BODY_MAX = 1000;
/** How often the other party may be mailed about one order's messages (the rest are summarised). */
export const MESSAGE_MAIL_INTERVAL_MS = 10 * 60 * 1000;
/** Messages one user may send per minute. */
export const MESSAGE_RATE_PER_MINUTE = 60;

/** NUL and C0/C1 control characters except tab and newline (CR is refused too: newlines are \n). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Length in characters as a person counts them (an emoji is one, not two UTF-16 units). */
export const messageLength = (text: string) => Array.from(text).length;

// text() refuses NUL, C0 controls and lone surrogates first; a message also refuses CR and C1 controls.
export const messageBodyText = text()
  .refine((s) => !LONE_SURROGATE.test(s), 'The message contains an invalid character')
  .refine((s) => !CONTROL.test(s), 'The message contains a control character')
  .refine((s) => s.trim().length > 0, 'The message is empty')
  .refine((s) => messageLength(s) <= MESSAGE_BODY_MAX, `The message is longer than ${MESSAGE_BODY_MAX} characters`);

export const createMessageBody = z.object({ body: messageBodyText }).strict();
export type CreateMessageInput = z.infer<typeof createMessageBody>;

export const orderMessage = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  /** null when the author's account was deleted. */
  authorId: z.uuid().nullable(),
  authorName: z.string(),
  fromProducer: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});
export type OrderMessage = z.infer<typeof orderMessage>;

export const messagesQuery = z.object({
  cursor: text().max(200).optional(),
  limit: queryWholeNumber(1, 100).default(100),
}).strict();

export const messagesListResponse = listResponse(orderMessage);
export type MessagesList = z.infer<typeof messagesListResponse>;

/** The reader's unread state of one order's conversation. */
export const conversationState = z.object({
  orderId: z.uuid(),
  /** Messages of the other party after `lastReadAt`. */
  unread: z.number().int().min(0),
  lastReadAt: z.string().nullable(),
});
export type ConversationState = z.infer<typeof conversationState>;

/** GET /api/messages/unread: the caller's conversations with unread messages. */
export const unreadConversationsResponse = listResponse(conversationState);
export type UnreadConversations = z.infer<typeof unreadConversationsResponse>;

/** GET /api/producer/buyers/:id/orders: the orders a producer shares with a buyer (newest first). */
export const sharedOrder = z.object({ id: z.uuid(), status: z.string(), createdAt: z.string() });
export const sharedOrdersResponse = listResponse(sharedOrder);
export type SharedOrders = z.infer<typeof sharedOrdersResponse>;
