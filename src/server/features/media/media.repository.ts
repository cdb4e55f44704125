import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema.ts';

export interface NewMedia {
  ownerId: string;
  type: 'image' | 'video';
  mime: string;
  url: string;
  thumbnailUrl: string | null;
  width: number | null;
  height: number | null;
  bytes: number;
}

export function createMediaRepository(db: Db) {
  return {
    async insert(row: NewMedia): Promise<{ id: string }> {
      const [inserted] = await db.insert(media).values(row).returning({ id: media.id });
      return inserted!;
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
