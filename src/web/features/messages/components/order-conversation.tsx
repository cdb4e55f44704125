import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MessageCircle, Send } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { MESSAGE_BODY_MAX, messageBodyText, messageLength } from '#shared/contracts/messages.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { cn } from '#web/lib/utils.ts';
import { useMarkConversationRead, useMessages, useSendMessage, useUnreadConversations } from '../api/messages-api.ts';
import { showError } from '#web/lib/show-error.ts';
import { useFocusRefused } from '#web/lib/form.ts';

export interface OrderConversationProps {
  orderId: string;
  /** Whose page this is: the producer's order card or the buyer's order page. */
  viewerIsProducer: boolean;
  /** Open at once (a link to this order's conversation). */
  defaultOpen?: boolean;
}

/**
 * An order's conversation: a button with the unread count that opens the
 * messages (oldest first, newest at the bottom, the unread ones marked) and a form to answer.
 */
export function OrderConversation({ orderId, viewerIsProducer, defaultOpen = false }: OrderConversationProps) {
  const { t } = useTranslation('messages');
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const unread = useUnreadConversations();
  const state = unread.data?.items.find((c) => c.orderId === orderId);
  const count = state?.unread ?? 0;

  useEffect(() => {
    if (defaultOpen) sectionRef.current?.scrollIntoView?.({ block: 'center' });
  }, [defaultOpen]);

  return (
    <section ref={sectionRef} className="flex flex-col gap-2 border-t pt-3" data-testid="order-conversation" aria-label={t('titleFor', { id: orderId.slice(0, 8) })}>
      <Button
        variant="outline"
        className="w-fit"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        data-print-hide
      >
        <MessageCircle aria-hidden="true" />
        {open ? t('hide') : t('show')}
        {count > 0 && <Badge aria-label={t('unreadCount', { count })} data-testid="conversation-unread">{count}</Badge>}
      </Button>
      {open && (
        <div id={panelId}>
          <ConversationPanel orderId={orderId} viewerIsProducer={viewerIsProducer} />
        </div>
      )}
    </section>
  );
}

/** What was unread when the conversation was opened: messages of the other party after `since` (null: all of them), or none. */
type UnreadMark = { since: string | null } | 'none';

function ConversationPanel({ orderId, viewerIsProducer }: { orderId: string; viewerIsProducer: boolean }) {
  const { t } = useTranslation(['messages', 'errors']);
  const format = useFormat();
  const messages = useMessages(orderId, true);
  const send = useSendMessage(orderId);
  const markRead = useMarkConversationRead(orderId);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textareaId = useId();
  const errorId = useId();
  // A refused message is said beside the field and focuses it (src/web/lib/form.ts).
  const { ref: formRef, refuse } = useFocusRefused<HTMLFormElement>();
  const listRef = useRef<HTMLOListElement>(null);
  // What was unread when the conversation was opened stays marked while it is open: taken
  // once from a fresh answer of the unread list, before this panel marks the conversation read.
  const unread = useUnreadConversations();
  const [mark0, setMark0] = useState<UnreadMark | null>(null);
  if (mark0 === null && unread.isSuccess && !unread.isFetching) {
    const entry = unread.data.items.find((c) => c.orderId === orderId);
    setMark0(entry ? { since: entry.lastReadAt } : 'none');
  }
  const items = messages.data ?? [];
  const newestFromOther = items.filter((m) => m.fromProducer !== viewerIsProducer).at(-1)?.id;

  // Newest at the bottom, in view.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [items.length]);

  // Reading is marking read: once loaded, and whenever the other party's newest message changes.
  const { mutate: mark } = markRead;
  const known = mark0 !== null;
  useEffect(() => {
    if (messages.isSuccess && known) mark();
  }, [messages.isSuccess, known, newestFromOther, mark]);

  const isUnread = (createdAt: string, mine: boolean) =>
    !mine && mark0 !== null && mark0 !== 'none' && (mark0.since === null || createdAt > mark0.since);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = messageBodyText.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message === `The message is longer than ${MESSAGE_BODY_MAX} characters` ? t('tooLong', { max: MESSAGE_BODY_MAX }) : t('invalid'));
      refuse();
      return;
    }
    setError(null);
    send.mutate(draft, {
      onSuccess: () => setDraft(''),
      onError: (err) => showError(err, err.message),
    });
  };

  const length = messageLength(draft);
  return (
    <div className="flex flex-col gap-3">
      {messages.isPending ? (
        <div aria-busy="true" aria-label={t('loading')} className="flex flex-col gap-2">
          <Skeleton className="h-10 w-2/3" /><Skeleton className="ml-auto h-10 w-2/3" />
        </div>
      ) : messages.isError ? (
        <div role="alert" className="flex items-center gap-2 text-sm">
          <span>{t('loadFailed')}</span>
          <Button size="sm" variant="outline" onClick={() => void messages.refetch()}>{t('retry')}</Button>
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('empty')}</p>
      ) : (
        <ol ref={listRef} aria-label={t('list')} className="flex max-h-80 flex-col gap-2 overflow-y-auto" data-testid="message-list">
          {items.map((m) => {
            const mine = m.fromProducer === viewerIsProducer;
            const fresh = isUnread(m.createdAt, mine);
            return (
              <li
                key={m.id}
                data-testid="message"
                data-unread={fresh ? 'true' : undefined}
                className={cn('flex max-w-[85%] flex-col gap-0.5 rounded-lg px-3 py-2 text-sm', mine ? 'ml-auto bg-primary/10' : 'mr-auto bg-muted', fresh && 'ring-2 ring-primary')}
              >
                <span className="flex items-center gap-2 text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{mine ? t('you') : m.authorName || t('deletedAccount')}</span>
                  <time dateTime={m.createdAt}>{format.dateTime(m.createdAt)}</time>
                  {fresh && <Badge variant="secondary" className="px-1.5 py-0 text-[10px]">{t('new')}</Badge>}
                </span>
                <span className="break-words whitespace-pre-wrap">{m.body}</span>
              </li>
            );
          })}
        </ol>
      )}
      <form ref={formRef} onSubmit={onSubmit} className="flex flex-col gap-2" noValidate>
        <label htmlFor={textareaId} className="text-sm font-medium">{t('label')}</label>
        <Textarea
          id={textareaId}
          value={draft}
          onChange={(e) => { setDraft(e.target.value); if (error) setError(null); }}
          placeholder={t('placeholder')}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) onSubmit(e); }}
        />
        {error && <p id={errorId} role="alert" className="text-sm text-destructive">{error}</p>}
        <div className="flex items-center justify-between gap-2">
          <span className={cn('text-xs tabular-nums', length > MESSAGE_BODY_MAX ? 'text-destructive' : 'text-muted-foreground')} aria-live="polite">
            {t('counter', { count: length, max: MESSAGE_BODY_MAX })}
          </span>
          <Button type="submit" disabled={send.isPending || draft.trim().length === 0}>
            <Send aria-hidden="true" /> {t('send')}
          </Button>
        </div>
      </form>
    </div>
  );
}
