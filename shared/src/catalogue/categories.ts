import type { Category } from './types';

/**
 * Id used by the registration form for its own 'Other' choice (free text).
 * It is deliberately NOT an entry of CATEGORIES.
 */
export const OTHER_CATEGORY_ID = 'other';

/** Number of categories the home grid shows before 'More Services'. */
export const INITIAL_CATEGORY_COUNT = 24;

function c(id: string, icon: string, en: string, hi: string): Category {
  return { id, icon, en, hi };
}

/**
 * The category catalogue, most in-demand first (the home grid shows the first
 * INITIAL_CATEGORY_COUNT). Stored provider values are `${icon} ${hi}`, so do
 * not change an existing `icon` or `hi` without migrating stored data.
 * Keywords and descriptions: category-details.ts (downloaded on demand).
 */
export const CATEGORIES: readonly Category[] = Object.freeze([
  c('plumber', '🔧', 'Plumber', 'प्लंबर'),
  c('electrician', '⚡', 'Electrician', 'इलेक्ट्रीशियन'),
  c('ac-mechanic', '❄️', 'AC Mechanic', 'एसी मैकेनिक'),
  c('carpenter', '🔨', 'Carpenter', 'बढ़ई'),
  c('painter', '🖌️', 'Painter', 'पेंटर'),
  c('mason', '🧱', 'Mason', 'राजमिस्त्री'),
  c('mobile-repair', '📱', 'Mobile Repair', 'मोबाइल रिपेयर'),
  c('bike-mechanic', '🏍️', 'Bike Mechanic', 'बाइक मैकेनिक'),
  c('car-service', '🚗', 'Car Service', 'कार सर्विस'),
  c('ro-service', '💧', 'RO Water Service', 'आरओ वाटर सर्विस'),
  c('home-tutor', '📚', 'Home Tutor', 'होम ट्यूटर'),
  c('coaching', '🎓', 'Coaching Centre', 'कोचिंग सेंटर'),
  c('beauty-parlour', '💄', 'Beauty Parlour', 'ब्यूटी पार्लर'),
  c('barber', '💈', 'Barber', 'नाई'),
  c('tiffin-service', '🍱', 'Tiffin Service', 'टिफिन सेवा'),
  c('pg-room', '🏠', 'PG / Room', 'पीजी / कमरा'),
  c('e-rickshaw', '🛺', 'E-Rickshaw', 'ई-रिक्शा'),
  c('tent-house', '⛺', 'Tent House', 'टेंट हाउस'),
  c('caterer', '🍽️', 'Caterer', 'कैटरिंग'),
  c('photographer', '📷', 'Photographer', 'फोटोग्राफर'),
  c('doctor', '🩺', 'Doctor', 'डॉक्टर'),
  c('medical-store', '💊', 'Medical Store', 'मेडिकल स्टोर'),
  c('packers-movers', '📦', 'Packers and Movers', 'पैकर्स एंड मूवर्स'),
  c('cleaning', '🧹', 'Cleaning Service', 'सफाई सेवा'),

  c('fast-food', '🍔', 'Fast Food', 'फास्ट फूड'),
  c('restaurant', '🍛', 'Restaurant', 'रेस्टोरेंट'),
  c('property-dealer', '🏘️', 'Property Dealer', 'प्रॉपर्टी डीलर'),
  c('car-rental', '🚙', 'Car Rental', 'कार किराये पर'),
  c('taxi', '🚕', 'Taxi', 'टैक्सी'),
  c('resume-maker', '📄', 'Resume Maker', 'बायोडाटा / रिज्यूमे'),
  c('website-design', '🌐', 'Website Design', 'वेबसाइट डिज़ाइन'),
  c('computer-project', '💾', 'Computer Project', 'कंप्यूटर प्रोजेक्ट'),
  c('scrap-dealer', '♻️', 'Scrap Dealer', 'कबाड़ी'),
  c('event-planner', '🎉', 'Event Planner', 'इवेंट प्लानर'),
  c('gym', '🏋️', 'Gym', 'जिम'),
  c('yoga-instructor', '🧘', 'Yoga Instructor', 'योग शिक्षक'),
  c('pet-shop', '🐶', 'Pet Shop', 'पेट शॉप'),
  c('driving-school', '🚘', 'Driving School', 'ड्राइविंग स्कूल'),
  c('local-jobs', '💼', 'Local Jobs', 'लोकल नौकरी'),
  c('gardener', '🌱', 'Gardener', 'माली'),
  c('kids-care', '🧸', 'Kids Care', 'बच्चों की देखभाल'),
  c('health-care', '🏥', 'Health Care', 'स्वास्थ्य सेवा'),
  c('dentist', '🦷', 'Dentist', 'दाँतों के डॉक्टर'),
  c('physiotherapist', '🦴', 'Physiotherapist', 'फिजियोथेरेपिस्ट'),
  c('nurse-attendant', '💉', 'Nurse / Attendant', 'नर्स / अटेंडेंट'),
  c('pathology-lab', '🔬', 'Pathology Lab', 'पैथोलॉजी लैब'),
  c('veterinary', '🐄', 'Veterinary Doctor', 'पशु चिकित्सक'),
  c('tailor', '🧵', 'Tailor', 'दर्जी'),
  c('mehndi-artist', '🤲', 'Mehndi Artist', 'मेहंदी आर्टिस्ट'),
  c('dj-sound', '🎧', 'DJ / Sound', 'डीजे / साउंड'),
  c('halwai', '🥘', 'Halwai', 'हलवाई'),
  c('sweet-shop', '🍬', 'Sweet Shop', 'मिठाई की दुकान'),
  c('dairy', '🥛', 'Dairy', 'डेयरी'),
  c('grocery-delivery', '🛒', 'Grocery Delivery', 'किराना डिलीवरी'),
  c('pandit', '🪔', 'Pandit', 'पंडित जी'),
  c('astrologer', '🔮', 'Astrologer', 'ज्योतिषी'),
  c('lawyer', '⚖️', 'Lawyer', 'वकील'),
  c('ca-tax', '🧾', 'CA / Tax Consultant', 'सीए / टैक्स सलाहकार'),
  c('insurance-agent', '🛡️', 'Insurance Agent', 'बीमा एजेंट'),
  c('travel-agent', '✈️', 'Travel Agent', 'ट्रैवल एजेंट'),
  c('tractor', '🚜', 'Tractor', 'ट्रैक्टर'),
  c('jcb', '🏗️', 'JCB', 'जेसीबी'),
  c('transport-tempo', '🚚', 'Transport / Tempo', 'ट्रांसपोर्ट / टेंपो'),
  c('courier', '📮', 'Courier', 'कूरियर'),
  c('printing-flex', '🖨️', 'Printing / Flex', 'प्रिंटिंग / फ्लेक्स'),
  c('cyber-cafe', '⌨️', 'Cyber Cafe / Online Forms', 'साइबर कैफे / ऑनलाइन फॉर्म'),
  c('music-teacher', '🎵', 'Music Teacher', 'संगीत शिक्षक'),
  c('dance-teacher', '💃', 'Dance Teacher', 'डांस टीचर'),
  c('computer-classes', '🖥️', 'Computer Classes', 'कंप्यूटर क्लास'),
  c('spoken-english', '🗣️', 'Spoken English', 'स्पोकन इंग्लिश'),
  c('maid', '🧺', 'Maid / Domestic Help', 'कामवाली / घरेलू सहायक'),
  c('cook', '🍳', 'Cook', 'रसोइया'),
  c('security-guard', '💂', 'Security Guard', 'सिक्योरिटी गार्ड'),
  c('borewell', '⛏️', 'Borewell', 'बोरवेल'),
  c('solar-panel', '☀️', 'Solar Panel', 'सोलर पैनल'),
  c('inverter-battery', '🔋', 'Inverter / Battery', 'इन्वर्टर / बैटरी'),
  c('appliance-repair', '🧊', 'Fridge / Washing Machine Repair', 'फ्रिज / वॉशिंग मशीन रिपेयर'),
  c('tv-repair', '📺', 'TV Repair', 'टीवी रिपेयर'),
  c('laptop-repair', '💻', 'Laptop / Computer Repair', 'लैपटॉप / कंप्यूटर रिपेयर'),
  c('cctv', '📹', 'CCTV Camera', 'सीसीटीवी कैमरा'),
  c('locksmith', '🔑', 'Locksmith', 'चाबी वाला'),
  c('cobbler', '👞', 'Cobbler', 'मोची'),
  c('pest-control', '🐜', 'Pest Control', 'पेस्ट कंट्रोल'),
  c('water-tank-cleaning', '🚿', 'Water Tank Cleaning', 'पानी की टंकी सफाई'),
  c('welder', '🔥', 'Welder', 'वेल्डर'),
  c('tiles-marble', '🔲', 'Tiles / Marble', 'टाइल्स / मार्बल'),
  c('pop-false-ceiling', '🏛️', 'POP / False Ceiling', 'पीओपी / फॉल्स सीलिंग'),
  c('interior-designer', '🛋️', 'Interior Designer', 'इंटीरियर डिज़ाइनर'),
  c('furniture', '🪑', 'Furniture', 'फर्नीचर'),
  c('glass-aluminium', '🪟', 'Glass / Aluminium', 'कांच / एल्युमिनियम'),
  c('hardware-shop', '🔩', 'Hardware Shop', 'हार्डवेयर की दुकान'),
  c('water-supply', '🚰', 'Water Supply', 'पानी सप्लाई'),
]);
