import { useState } from 'react';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { useSharedOrders } from '../api/messages-api.ts';
import { OrderConversation } from './order-conversation.tsx';

/**
 * The buyer page's "Message" button: shown only to a producer who shares an
 * order with this buyer; opens the conversation of the newest such order.
 */
export function BuyerMessageButton({ buyerId, buyerName, viewerIsProducer }: { buyerId: string; buyerName: string; viewerIsProducer: boolean }) {
  const { t } = useTranslation('messages');
  const shared = useSharedOrders(buyerId, viewerIsProducer);
  const [open, setOpen] = useState(false);
  const order = shared.data?.items[0];
  if (!viewerIsProducer || !order) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-fit"><MessageCircle aria-hidden="true" /> {t('message')}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('dialogTitle', { name: buyerName })}</DialogTitle>
          <DialogDescription>{t('dialogDescription', { id: order.id.slice(0, 8) })}</DialogDescription>
        </DialogHeader>
        <OrderConversation orderId={order.id} viewerIsProducer defaultOpen />
      </DialogContent>
    </Dialog>
  );
}
