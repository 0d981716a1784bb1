// `@city/shared/places`: choosing a place of the district by typing its name (issue 27). A
// subpath, never the package's root (the singleton every page loads whole): it is bundled into
// the code that uses it, which loads it where a place is chosen (the header's place dialog,
// registration, /my-listing), so it adds nothing to a page's first render.
export { PlacePicker, foundPlaceLabel, nameIn, toVisitorPlace, type FoundPlace, type PlacePickerProps } from './place-picker';
