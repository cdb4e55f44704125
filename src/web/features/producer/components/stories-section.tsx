import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { LIMITS } from '#shared/constants.ts';
import type { MediaUpload } from '#shared/contracts/media.ts';
import { createStoryBody } from '#shared/contracts/stories.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useFocusRefused } from '#web/lib/form.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useCreateStory } from '../api/create-story.ts';
import { useDeleteStory } from '../api/delete-story.ts';
import { useOwnStories } from '../api/get-own-stories.ts';
import { showError } from '#web/lib/show-error.ts';
import type { UploadField } from '../lib/upload-field.ts';
import { contractRefusals, refusedProps, type Refusals } from '../lib/refusals.ts';

/** Post a photo or short video story (24 h) with an optional caption; list and delete own ones. */
export function StoriesSection({ householdId, UploadField }: { householdId: string; UploadField: UploadField }) {
  const { t } = useTranslation(['producer', 'common']);
  const format = useFormat();
  const stories = useOwnStories(householdId);
  const createMutation = useCreateStory();
  const deleteMutation = useDeleteStory();
  const [media, setMedia] = useState<MediaUpload | null>(null);
  const [caption, setCaption] = useState('');
  const [isUploading, setIsUploading] = useState(false);
  // A new key remounts the upload field, clearing its file input after posting.
  const [fieldKey, setFieldKey] = useState(0);

  const { ref, refuse } = useFocusRefused<HTMLFormElement>();
  const [errors, setErrors] = useState<Refusals>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { mediaId: media?.id ?? '', ...(caption.trim() ? { caption: caption.trim() } : {}) };
    const checked = createStoryBody.safeParse(body);
    // No photo or video yet, or a caption the contract refuses: said beside the field, focused.
    const refusals: Refusals = checked.success ? {} : contractRefusals(checked.error);
    if (!media) refusals.mediaId = { rule: 'missing', message: '' };
    if (Object.keys(refusals).length > 0) {
      setErrors(refusals);
      refuse();
      return;
    }
    setErrors({});
    try {
      await createMutation.mutateAsync(body);
      toast.success(t('stories.posted'));
      setMedia(null);
      setCaption('');
      setFieldKey((k) => k + 1);
    } catch (err) {
      showError(err, t('stories.postFailed'));
    }
  }

  async function remove(id: string) {
    try {
      await deleteMutation.mutateAsync(id);
      toast.success(t('stories.deleted'));
    } catch (err) {
      showError(err, t('stories.deleteFailed'));
    }
  }

  const items = stories.data?.items ?? [];

  return (
    <section aria-labelledby="stories-heading" className="grid gap-4">
      <div>
        <h2 id="stories-heading" className="text-lg font-semibold">{t('stories.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('stories.intro')}</p>
      </div>
      <form ref={ref} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-3 rounded-xl border bg-card p-4">
        <UploadField
          key={fieldKey}
          id="story-file"
          label={t('stories.file')}
          kind="imageOrVideo"
          hint={t('stories.fileHint')}
          value={media ? { url: media.thumbnailUrl ?? media.url, type: media.type } : null}
          onUploaded={(uploaded) => {
            setMedia(uploaded);
            setErrors(({ mediaId: _, ...rest }) => rest);
          }}
          error={errors.mediaId ? t('stories.fileMissing') : undefined}
          onUploadingChange={setIsUploading}
          disabled={createMutation.isPending}
        />
        <div className="grid gap-2">
          <Label htmlFor="story-caption">{t('stories.caption')}</Label>
          <Input id="story-caption" value={caption} maxLength={LIMITS.storyCaptionMax} onChange={(e) => setCaption(e.target.value)}
            {...refusedProps('story-caption', 'caption' in errors)} />
          {errors.caption ? (
            <p id="story-caption-error" role="alert" className="text-sm text-destructive">
              {errors.caption.rule === 'character' ? t('stories.captionCharacter') : t('stories.captionTooLong', { max: LIMITS.storyCaptionMax })}
            </p>
          ) : null}
        </div>
        <Button type="submit" className="w-fit" disabled={isUploading || createMutation.isPending}>
          {createMutation.isPending ? t('stories.posting') : t('stories.post')}
        </Button>
      </form>

      <h3 className="font-semibold">{t('stories.active')}</h3>
      {stories.isPending ? (
        <div className="flex gap-3" aria-busy="true" aria-label={t('common:loading')}>
          {[0, 1, 2].map((i) => <Skeleton key={i} className="h-40 w-24 rounded-lg" />)}
        </div>
      ) : stories.isError ? (
        <div role="alert" className="flex items-center gap-2 text-sm">
          {t('stories.loadError')}
          <Button size="sm" variant="outline" onClick={() => void stories.refetch()}>{t('common:actions.retry')}</Button>
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('stories.empty')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {items.map((story) => (
            <li key={story.id} className="grid gap-1 rounded-lg border bg-card p-2">
              {story.mediaType === 'video' ? (
                <video src={story.mediaUrl} className="aspect-[9/16] w-full rounded-md bg-black object-cover" muted playsInline controls preload="metadata" aria-label={story.caption ?? t('stories.video')} />
              ) : (
                <img src={story.mediaUrl} alt={story.caption ?? t('stories.image')} className="aspect-[9/16] w-full rounded-md object-cover" loading="lazy" />
              )}
              {story.caption ? <p className="line-clamp-2 text-sm">{story.caption}</p> : null}
              <p className="text-xs text-muted-foreground">{t('stories.expires', { time: format.dateTime(story.expiresAt) })}</p>
              <Button size="sm" variant="outline" onClick={() => void remove(story.id)} disabled={deleteMutation.isPending} aria-label={t('stories.delete')}>
                <Trash2 aria-hidden="true" />
                {t('stories.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
