import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/** A place a visitor can be in (issue 27): a village, a town or a ward of the places table. */
export interface VisitorPlace {
  kind: 'village' | 'town' | 'ward';
  /** The LGD code (digits). */
  code: string;
  nameEn: string;
  nameHi: string | null;
  /** The place's centre, when the places table has one (distances need it). */
  lat: number | null;
  lon: number | null;
}

interface VisitorPlaceState {
  place: VisitorPlace | null;
  /** Remembers the place on this phone (null forgets it). Never sent to the server as a write. */
  setPlace: (place: VisitorPlace | null) => void;
}

/** Where the visitor's chosen place is kept on the phone. */
export const VISITOR_PLACE_STORAGE_KEY = 'city.visitor-place';

/** A stored value back into a place, or null when it is not one (an old shape, a hand edit). */
export function parseVisitorPlace(raw: string | null): VisitorPlace | null {
  try {
    const { kind, code, nameEn, nameHi, lat, lon } = JSON.parse(raw ?? 'null') as Record<string, unknown>;
    const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
    if (
      !['village', 'town', 'ward'].includes(kind as string) ||
      !/^[0-9]{1,12}$/.test(code as string) ||
      typeof nameEn !== 'string' ||
      !nameEn
    )
      return null;
    return {
      kind,
      code,
      nameEn,
      nameHi: typeof nameHi === 'string' && nameHi ? nameHi : null,
      lat: number(lat),
      lon: number(lon),
    } as VisitorPlace;
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled: the place lasts for this page only
  }
}

export function createVisitorPlaceStore() {
  return createStore<VisitorPlaceState>()((set) => ({
    place: parseVisitorPlace(storage()?.getItem(VISITOR_PLACE_STORAGE_KEY) ?? null),
    setPlace: (place) => {
      try {
        if (place) storage()?.setItem(VISITOR_PLACE_STORAGE_KEY, JSON.stringify(place));
        else storage()?.removeItem(VISITOR_PLACE_STORAGE_KEY);
      } catch {
        // full or disabled storage: keep the place for this page
      }
      set({ place });
    },
  }));
}

/** The visitor's place, one per page (the shell's header sets it; lists and profiles read it). */
export const visitorPlaceStore = createVisitorPlaceStore();

export const useVisitorPlace = () => useStore(visitorPlaceStore, (state) => state.place);
