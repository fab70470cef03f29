import { roomTypeLabels, roomTypes } from '@hsa/contracts';

/** The room types as select options, with the labels people read. */
export const roomTypeOptions = roomTypes.map((value) => ({ value, label: roomTypeLabels[value] }));
