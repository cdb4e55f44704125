import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';
import { cn } from '#web/lib/utils.ts';

/**
 * A household avatar; with an active story it gets the gradient ring (docs/product.md).
 * Decorative: the household's name is always beside it or in the control's label.
 */
export function StoryAvatar({ name, avatar, hasActiveStory, className }: { name: string; avatar: string | null; hasActiveStory: boolean; className?: string }) {
  return (
    <span aria-hidden="true" className={cn('inline-flex rounded-full p-[3px]', hasActiveStory ? 'bg-gradient-to-tr from-amber-400 via-orange-500 to-fuchsia-600' : 'bg-border', className)}>
      <Avatar className="size-full border-2 border-background">
        {avatar && <AvatarImage src={avatar} alt="" className="object-cover" />}
        {/* The initial is drawn by CSS, not written: it is no text of the link around it, whose name is its label. */}
        <AvatarFallback data-initial={name.slice(0, 1).toUpperCase()} className="font-semibold before:content-[attr(data-initial)]" />
      </Avatar>
    </span>
  );
}
