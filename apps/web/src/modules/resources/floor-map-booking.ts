import { createElement, type ComponentType, type ReactElement } from 'react';

// The live map's extension point for booking (issue 22: book from the map): the bookings module's
// dialog, registered when the app composes the modules; resources never import bookings for it.
// Without it the map offers no "Book".
// With `near`: free places near that point of the floor (the chosen resource's place), not that
// resource itself.
export type FloorMapBookingProps = {
  resourceId: string;
  title: string;
  onClose: () => void;
  near?: { floorMapId: string; x: number; y: number };
};

let bookingDialog: ComponentType<FloorMapBookingProps> | undefined;

export function registerFloorMapBooking(dialog: ComponentType<FloorMapBookingProps>): void {
  bookingDialog = dialog;
}

export const mayBookFromMap = (): boolean => bookingDialog !== undefined;

// the registered dialog (registered once, before the first render: a stable component)
export function FloorMapBookingDialog(props: FloorMapBookingProps): ReactElement | null {
  return bookingDialog ? createElement(bookingDialog, props) : null;
}
