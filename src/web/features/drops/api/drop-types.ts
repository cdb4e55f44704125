/** The drop shapes the web feature reads, from the shared contract (src/shared/contracts/drops.ts). */
export type { CreateDropBody, Drop, DropDetail, DropStatus, Picklist, PicklistOrder, ProducerDrop, UpdateDropBody } from '#shared/contracts/drops.ts';
