import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import type { Story } from '#shared/contracts/stories.ts';
import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx';
import { storyDurationMs, useStoryProgress } from '../hooks/use-story-progress.ts';

export interface StoryViewerProps {
  stories: Story[];
  householdName: string;
  householdAvatar: string | null;
  open: boolean;
  initialIndex?: number;
  onOpenChange: (open: boolean) => void;
  /**
   * The element that gets the focus back when the viewer closes (the circle that opened it).
   * Without it (or when it is gone), the element that had the focus when the viewer opened.
   */
  returnFocus?: () => HTMLElement | null | undefined;
  /** Controls for the story shown (the page's report action). */
  actions?: (story: Story) => ReactNode;
}

/** The story viewer (docs/product.md, Stories): segments, tap halves, arrows, keyboard, timing. */
export function StoryViewer({ stories, householdName, householdAvatar, open, initialIndex = 0, onOpenChange, returnFocus, actions }: StoryViewerProps) {
  const { t } = useTranslation('catalog');
  // Video length as soon as its metadata loads (keyed by story id).
  const [videoSeconds, setVideoSeconds] = useState<Record<string, number>>({});
  const close = () => onOpenChange(false);
  // Radix gives the focus back to a Dialog.Trigger only; the viewer has none, so without this
  // the focus would fall to the top of the page.
  const opener = useRef<Element | null>(null);
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const target = returnFocus?.() ?? opener.current;
    if (target instanceof HTMLElement && target.isConnected) target.focus({ preventScroll: true });
  };
  const durationFor = (i: number) => {
    const s = stories[i];
    return s ? storyDurationMs(s.mediaType, videoSeconds[s.id]) : storyDurationMs('image');
  };
  const { index, progress, next, previous } = useStoryProgress({ count: stories.length, open, initialIndex, durationFor, onClose: close });
  const story = stories[index];

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') { event.preventDefault(); previous(); }
    if (event.key === 'ArrowRight') { event.preventDefault(); next(); }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showCloseButton={false}
        onKeyDown={onKeyDown}
        onOpenAutoFocus={() => { opener.current = document.activeElement; }}
        onCloseAutoFocus={restoreFocus}
        className="h-[100dvh] max-h-[100dvh] w-full max-w-md gap-0 overflow-hidden rounded-none border-0 bg-black p-0 text-white sm:h-[90dvh] sm:rounded-xl"
      >
        <DialogTitle className="sr-only">{t('story.title', { name: householdName })}</DialogTitle>
        <DialogDescription className="sr-only">{t('story.help')}</DialogDescription>
        <div className="absolute inset-x-0 top-0 z-20 flex flex-col gap-3 bg-gradient-to-b from-black/70 to-transparent p-3">
          <div className="flex gap-1" role="progressbar" aria-label={t('story.position', { current: index + 1, total: stories.length })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress)}>
            {stories.map((s, i) => (
              <div key={s.id} className="h-1 flex-1 overflow-hidden rounded-full bg-white/30">
                <div data-testid="story-segment" className="h-full bg-white" style={{ width: `${i < index ? 100 : i === index ? progress : 0}%` }} />
              </div>
            ))}
          </div>
          <div className="flex items-center gap-2">
            <Avatar className="size-8 border border-white/50">
              {householdAvatar && <AvatarImage src={householdAvatar} alt="" />}
              <AvatarFallback className="text-xs text-foreground">{householdName.slice(0, 1)}</AvatarFallback>
            </Avatar>
            <span className="flex-1 truncate text-sm font-semibold">{householdName}</span>
            {story && actions?.(story)}
            <button type="button" onClick={close} aria-label={t('story.close')} className="rounded-full p-2 hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none">
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
        </div>

        <div className="relative flex h-full items-center justify-center">
          {story && (story.mediaType === 'video' ? (
            <video
              key={story.id}
              src={story.mediaUrl}
              className="max-h-full w-full object-contain"
              autoPlay
              muted
              playsInline
              onLoadedMetadata={(e) => {
                const seconds = e.currentTarget.duration;
                setVideoSeconds((v) => ({ ...v, [story.id]: seconds }));
              }}
            />
          ) : (
            <img key={story.id} src={story.mediaUrl} alt={story.caption ?? t('story.imageAlt', { name: householdName })} className="max-h-full w-full object-contain" />
          ))}
          {/* Tap halves: left goes back, right goes forward. */}
          <button type="button" tabIndex={-1} aria-hidden="true" className="absolute inset-y-0 left-0 z-10 w-1/2 cursor-w-resize" onClick={previous} />
          <button type="button" tabIndex={-1} aria-hidden="true" className="absolute inset-y-0 right-0 z-10 w-1/2 cursor-e-resize" onClick={next} />
          <button type="button" onClick={previous} aria-label={t('story.previous')} className="absolute top-1/2 left-2 z-20 -translate-y-1/2 rounded-full bg-black/40 p-2 hover:bg-black/60 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none">
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button type="button" onClick={next} aria-label={t('story.next')} className="absolute top-1/2 right-2 z-20 -translate-y-1/2 rounded-full bg-black/40 p-2 hover:bg-black/60 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none">
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
          {story?.caption && (
            <p className="absolute inset-x-0 bottom-0 z-20 bg-gradient-to-t from-black/80 to-transparent p-4 pb-8 text-center text-sm">{story.caption}</p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
