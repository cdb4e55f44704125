import type { LucideIcon } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Link } from '#web/lib/router.tsx';

/** A list with nothing in it yet: an icon, what is missing, and the way to the products. */
export function EmptyState({ icon: Icon, title, text, browse }: { icon: LucideIcon; title: string; text: string; browse: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <Icon aria-hidden="true" className="size-12 text-muted-foreground" />
      <p className="text-lg font-medium">{title}</p>
      <p className="text-muted-foreground">{text}</p>
      <Button asChild>
        <Link to="/">{browse}</Link>
      </Button>
    </div>
  );
}
