import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { LIMITS } from '#shared/constants.ts';
import { createReviewBody } from '#shared/contracts/reviews.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useCreateReview } from '../api/create-review.ts';
import { StarPicker } from './star-picker.tsx';
import { useFocusRefused } from '#web/lib/form.ts';

/**
 * Write-review dialog (docs/product.md): stars with hover preview, comment 10–500;
 * on success it closes and resets, on failure it stays open with the product's message.
 * Writing again edits one's review (docs/product.md): `initial` is that review, to start from.
 */
export function ReviewDialog({ productId, productName, open, onOpenChange, initial }: {
  productId: string;
  productName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial?: { rating: number; comment: string };
}) {
  const { t } = useTranslation('catalog');
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const createReview = useCreateReview();
  const ratingLabelId = useId();
  const commentId = useId();
  // A refused submit focuses the first refused field, its message beside it (src/web/lib/form.ts).
  const { ref: formRef, refuse } = useFocusRefused<HTMLFormElement>();

  function reset() {
    setRating(initial?.rating ?? 0);
    setComment(initial?.comment ?? '');
    setErrors({});
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The shared contract checks the same rules as the server; its messages are translated here.
    const parsed = createReviewBody.safeParse({ rating, comment });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
      const commentTooLong = comment.trim().length > LIMITS.reviewCommentMax;
      setErrors({
        rating: fields.has('rating') ? t('review.ratingRequired') : undefined,
        comment: fields.has('comment') ? (commentTooLong ? t('review.commentTooLong', { max: LIMITS.reviewCommentMax }) : t('review.commentTooShort', { min: LIMITS.reviewCommentMin })) : undefined,
      });
      refuse();
      return;
    }
    setErrors({});
    // Awaited, not mutate's callbacks: the saved review refreshes the page's list, which mounts a
    // new dialog from it (its key) before those callbacks would run, and an unmounted
    // component's callbacks never run: the dialog stayed open without a word.
    createReview.mutateAsync({ productId, ...parsed.data }).then(
      () => {
        toast.success(t('review.submitted'), { description: t('review.thanks') });
        reset();
        onOpenChange(false);
      },
      () => toast.error(t('review.failed')),
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => { if (!createReview.isPending) onOpenChange(next); }}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('review.title')}</DialogTitle>
          <DialogDescription>{productName}</DialogDescription>
        </DialogHeader>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <fieldset disabled={createReview.isPending} className="flex flex-col gap-4">
            <div className="flex flex-col gap-2">
              <span id={ratingLabelId} className="text-sm font-medium">{t('review.rating')}</span>
              <StarPicker value={rating} onChange={(n) => { setRating(n); setErrors((e) => ({ ...e, rating: undefined })); }} labelledBy={ratingLabelId} invalid={Boolean(errors.rating)} describedBy={errors.rating ? `${ratingLabelId}-error` : undefined} />
              {errors.rating && <p id={`${ratingLabelId}-error`} role="alert" className="text-sm font-medium text-destructive">{errors.rating}</p>}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={commentId}>{t('review.comment')}</Label>
              <Textarea
                id={commentId}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                maxLength={LIMITS.reviewCommentMax}
                rows={4}
                placeholder={t('review.commentPlaceholder')}
                aria-invalid={Boolean(errors.comment) || undefined}
                aria-describedby={errors.comment ? `${commentId}-error ${commentId}-count` : `${commentId}-count`}
              />
              <p id={`${commentId}-count`} className="text-right text-xs text-muted-foreground">{comment.length}/{LIMITS.reviewCommentMax}</p>
              {errors.comment && <p id={`${commentId}-error`} role="alert" className="text-sm font-medium text-destructive">{errors.comment}</p>}
            </div>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={createReview.isPending}>{t('review.cancel')}</Button>
            <Button type="submit" disabled={createReview.isPending}>{createReview.isPending ? t('review.submitting') : t('review.submit')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
