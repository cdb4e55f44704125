import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useCreateStandingOrder } from '../api/change-standing-order.ts';
import { useStandingHousehold } from '../api/get-standing-household.ts';

const SELECT = 'h-9 rounded-md border bg-background px-2 text-sm';

/** "Order this every week": a standing order of one product, picked up at one of the household's points. */
export function StandingOrderDialog({ product }: { product: { id: string; householdId: string; quantityStep: number } }) {
  const { t } = useTranslation('standing');
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const household = useStandingHousehold(product.householdId, open);
  const create = useCreateStandingOrder();
  const [everyWeeks, setEveryWeeks] = useState('1');
  const [weekday, setWeekday] = useState('6');
  const [quantity, setQuantity] = useState(String(product.quantityStep));
  const [point, setPoint] = useState('');
  const [time, setTime] = useState('10:00');
  const [phone, setPhone] = useState('');
  const [payment, setPayment] = useState<'cash' | 'ips_qr'>('cash');
  const h = household.data;
  const pointId = point || h?.pickupPoints[0]?.id || '';

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild><Button variant="outline">{t('create.open')}</Button></DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description', { hours: h?.standingCutoffHours ?? 48 })}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-3" onSubmit={(e) => {
          e.preventDefault();
          create.mutate({
            items: [{ productId: product.id, quantity: Number(quantity) }], everyWeeks: Number(everyWeeks) as 1 | 2 | 4, weekday: Number(weekday),
            deliveryType: 'pickup', pickupPointId: pointId || null, time, paymentMethod: payment, contactPhone: phone,
          }, {
            onSuccess: (so) => { setOpen(false); toast.success(t('create.done', { date: so.nextDate ? format.date(so.nextDate) : '' })); },
            onError: (error) => toast.error(t('errors:title'), { description: error.message }),
          });
        }}>
          <Label htmlFor="standing-every">{t('create.everyWeeks')}</Label>
          <select id="standing-every" className={SELECT} value={everyWeeks} onChange={(e) => setEveryWeeks(e.target.value)}>
            {['1', '2', '4'].map((n) => <option key={n} value={n}>{t(`create.options.${n}`)}</option>)}
          </select>
          <Label htmlFor="standing-weekday">{t('create.weekday')}</Label>
          <select id="standing-weekday" className={SELECT} value={weekday} onChange={(e) => setWeekday(e.target.value)}>
            {[1, 2, 3, 4, 5, 6, 7].map((d) => <option key={d} value={d}>{format.weekday(d)}</option>)}
          </select>
          <Label htmlFor="standing-quantity">{t('create.quantity')}</Label>
          <Input id="standing-quantity" type="number" inputMode="decimal" min="0" step={product.quantityStep} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
          {h && h.pickupPoints.length > 0 && (
            <>
              <Label htmlFor="standing-point">{t('create.pickupPoint')}</Label>
              <select id="standing-point" className={SELECT} value={pointId} onChange={(e) => setPoint(e.target.value)}>
                {h.pickupPoints.map((p) => <option key={p.id} value={p.id}>{p.name}, {p.address}</option>)}
              </select>
            </>
          )}
          <Label htmlFor="standing-time">{t('create.time')}</Label>
          <Input id="standing-time" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
          <Label htmlFor="standing-phone">{t('create.phone')}</Label>
          <Input id="standing-phone" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
          <Label htmlFor="standing-payment">{t('create.payment')}</Label>
          <select id="standing-payment" className={SELECT} value={payment} onChange={(e) => setPayment(e.target.value as 'cash' | 'ips_qr')}>
            {(h?.payment.cash ?? true) && <option value="cash">{t('create.cash')}</option>}
            {h?.payment.ipsAccount && <option value="ips_qr">{t('create.ips')}</option>}
          </select>
          <Button type="submit" disabled={create.isPending || !phone}>{t('create.submit')}</Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
