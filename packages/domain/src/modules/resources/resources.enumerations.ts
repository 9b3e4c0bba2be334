// What the asset catalogue adds to the shared enumerations (ERROR_CODES), collected by
// ../module-enumerations.ts. No imports: the shared schemas load this file early.

// check-out / check-in of assignable items: a type that is None or Bookable cannot be checked
// out (notAssignable); an item held by someone cannot be checked out again (alreadyCheckedOut);
// an item nobody holds cannot be checked in (notCheckedOut). Bookings (issue 22) add the booked
// case with a code of its own.
export const CHECK_OUT_ERRORS = ['notAssignable', 'alreadyCheckedOut', 'notCheckedOut'] as const;

// a resource checked out to someone (after: the holder) or checked in (before: who held it)
export const CHECK_OUT_ACTIONS = ['checkedOut', 'checkedIn'] as const;
export const RESOURCES_ACTIVITY_ACTIONS = [...CHECK_OUT_ACTIONS] as const;

// floor maps: a shape reaching past the plan image (or placed before there is one), a resource of
// another location than the map's
export const FLOOR_MAP_ERRORS = ['outsideImage', 'otherLocation'] as const;

export const RESOURCES_ERROR_CODES = [...CHECK_OUT_ERRORS, ...FLOOR_MAP_ERRORS] as const;

// the plan image of a floor map: PNG, JPEG or SVG, sniffed from the bytes (decision 092)
export const FLOOR_MAP_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
// a resource's state on the live map; "booked" and "checkedIn" come from the bookings module
// (a booking now or in its check-in window, and one checked in), through the composition root
// held: a portal visitor holds it for a few minutes while they confirm a booking (issue 22)
export const RESOURCE_MAP_STATES = ['free', 'held', 'booked', 'checkedIn', 'checkedOut', 'outOfService'] as const;

// the days of a location's opening hours, Monday first
export const OPENING_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
// a resource's stages unless the workspace changes them
export const RESOURCE_STAGE_NAMES = ['Available', 'Out of service'] as const;
// an @ant-design/icons component name (a resource type's icon)
export const ICON_NAME_PATTERN = /^[A-Z][A-Za-z0-9]*(Outlined|Filled|TwoTone)$/;
// bookable modes whose items can be checked out
export const ASSIGNABLE_MODES = ['Assignable', 'Both'] as const;
