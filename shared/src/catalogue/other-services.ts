import type { OtherService } from './types';

/**
 * The spec's 'otherServices' text group: further small services shown as
 * plain text below the category grid. They are not selectable categories.
 */
export const OTHER_SERVICES: readonly OtherService[] = Object.freeze([
  { en: 'Bakery', hi: 'बेकरी' },
  { en: 'Flour Mill', hi: 'आटा चक्की' },
  { en: 'Cycle Repair', hi: 'साइकिल रिपेयर' },
  { en: 'Gas Stove Repair', hi: 'गैस चूल्हा रिपेयर' },
  { en: 'Laundry / Ironing', hi: 'कपड़े धुलाई / प्रेस' },
  { en: 'Tyre Puncture', hi: 'टायर पंचर' },
  { en: 'Flower Decoration', hi: 'फूल सजावट' },
  { en: 'Band Baaja', hi: 'बैंड बाजा' },
  { en: 'Books and Stationery', hi: 'किताब-कॉपी की दुकान' },
  { en: 'Mattress and Quilt Maker', hi: 'गद्दे-रजाई वाले' },
]);
