import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';
import { Link } from '#web/lib/router.tsx';
import { initials } from '#web/lib/utils.ts';
import type { Drop } from '../api/drop-types.ts';

/** The households of a drop, each with its avatar; linked to their pages where `linked`. */
export function DropHouseholds({ households, linked = false, label }: { households: Drop['households']; linked?: boolean; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-x-3 gap-y-2">
      {households.map((h) => {
        const inner = (
          <>
            <Avatar className="size-7">
              {h.avatar ? <AvatarImage src={h.avatar} alt="" /> : null}
              <AvatarFallback className="text-xs">{initials(h.name)}</AvatarFallback>
            </Avatar>
            <span className="text-sm">{h.name}</span>
          </>
        );
        return (
          <li key={h.id} className="flex items-center gap-1.5">
            {linked ? <Link to={`/household/${h.id}`} className="flex items-center gap-1.5 rounded-md hover:underline">{inner}</Link> : inner}
          </li>
        );
      })}
    </ul>
  );
}
