import type { OtherService } from './types';

/**
 * The spec's 'otherServices' text group: further small services shown as
 * plain text below the category grid. They are not selectable categories: each is found under
 * `category`, whose keywords hold its English and Hindi names (a test checks it), so searching
 * for it (in the app and in the database's keyword table) leads there.
 */
export const OTHER_SERVICES: readonly OtherService[] = Object.freeze([
  { en: 'Bakery', hi: 'बेकरी', category: 'sweet-shop' },
  { en: 'Flour Mill', hi: 'आटा चक्की', category: 'grocery-delivery' },
  { en: 'Cycle Repair', hi: 'साइकिल रिपेयर', category: 'bike-mechanic' },
  { en: 'Gas Stove Repair', hi: 'गैस चूल्हा रिपेयर', category: 'appliance-repair' },
  { en: 'Laundry / Ironing', hi: 'कपड़े धुलाई / प्रेस', category: 'cleaning' },
  { en: 'Tyre Puncture', hi: 'टायर पंचर', category: 'bike-mechanic' },
  { en: 'Flower Decoration', hi: 'फूल सजावट', category: 'event-planner' },
  { en: 'Band Baaja', hi: 'बैंड बाजा', category: 'dj-sound' },
  { en: 'Books and Stationery', hi: 'किताब-कॉपी की दुकान', category: 'printing-flex' },
  { en: 'Mattress and Quilt Maker', hi: 'गद्दे-रजाई वाले', category: 'furniture' },
]);
