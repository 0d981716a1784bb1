import type { CategoryDetails, CategoryDetailsMap } from './types';

function d(keywords: string[], descEn: string, descHi: string): CategoryDetails {
  return { keywords, desc: { en: descEn, hi: descHi } };
}

/**
 * Search words and description of every entry of CATEGORIES, by id. Only search
 * suggestions and a category's page need them, so the browser loads this file on
 * demand (loadCategoryDetails): it is not part of the home page's first render.
 * Do not export it from the catalogue's index (that would put it back there).
 */
export const CATEGORY_DETAILS: CategoryDetailsMap = Object.freeze({
  plumber: d(
    ['plumber', 'plambar', 'plumbar', 'plumer', 'nal', 'nal mistri', 'pipe', 'fitting', 'प्लंबर', 'नल', 'नल मिस्त्री', 'पाइप'],
    'Tap, pipe, tank and bathroom fitting and repair.',
    'नल, पाइप, टंकी और बाथरूम की फिटिंग व मरम्मत।'),
  electrician: d(
    ['electrician', 'electrition', 'electrishian', 'bijli', 'bijli mistri', 'wiring', 'light', 'fan', 'इलेक्ट्रीशियन', 'बिजली', 'बिजली मिस्त्री', 'वायरिंग'],
    'House wiring, fans, lights, switches and meter work.',
    'घर की वायरिंग, पंखा, लाइट, स्विच और मीटर का काम।'),
  'ac-mechanic': d(
    ['ac mechanic', 'ac', 'ac repair', 'ac service', 'ac gas', 'a.c.', 'cooler', 'एसी', 'एसी मैकेनिक', 'एसी रिपेयर', 'कूलर'],
    'AC installation, gas filling, servicing and repair.',
    'एसी लगाना, गैस भरना, सर्विस और मरम्मत।'),
  carpenter: d(
    ['carpenter', 'carpentar', 'badhai', 'barhai', 'kaarpenter', 'wood work', 'door', 'बढ़ई', 'कारपेंटर', 'लकड़ी', 'दरवाजा'],
    'Wooden doors, windows, beds and furniture repair.',
    'लकड़ी के दरवाज़े, खिड़की, पलंग और फर्नीचर का काम।'),
  painter: d(
    ['painter', 'paintar', 'pentar', 'rang', 'putai', 'putty', 'whitewash', 'पेंटर', 'रंग', 'पुताई', 'पुट्टी'],
    'House painting, putty, whitewash and polish.',
    'घर की पुताई, पुट्टी, रंग-रोगन और पॉलिश।'),
  mason: d(
    ['mason', 'raj mistri', 'rajmistri', 'mistri', 'construction', 'thekedar', 'chinai', 'राजमिस्त्री', 'मिस्त्री', 'चिनाई', 'ठेकेदार'],
    'Brick work, plaster, new construction and repairs.',
    'ईंट की चिनाई, प्लास्टर, नया निर्माण और मरम्मत।'),
  'mobile-repair': d(
    ['mobile repair', 'mobile', 'mobail', 'phone', 'phone repair', 'screen', 'मोबाइल', 'मोबाइल रिपेयर', 'फोन'],
    'Mobile screen, battery, charging and software repair.',
    'मोबाइल की स्क्रीन, बैटरी, चार्जिंग और सॉफ्टवेयर की मरम्मत।'),
  'bike-mechanic': d(
    ['bike mechanic', 'bike', 'baik', 'motorcycle', 'scooty', 'puncture', 'mekanik', 'बाइक', 'बाइक मिस्त्री', 'मोटरसाइकिल', 'स्कूटी', 'पंचर'],
    'Motorcycle and scooty servicing, repair and puncture.',
    'मोटरसाइकिल और स्कूटी की सर्विस, मरम्मत और पंचर।'),
  'car-service': d(
    ['car service', 'car mechanic', 'car repair', 'car wash', 'gaadi', 'gadi', 'कार सर्विस', 'कार मैकेनिक', 'गाड़ी', 'कार धुलाई'],
    'Car servicing, repair, denting-painting and washing.',
    'कार की सर्विस, मरम्मत, डेंटिंग-पेंटिंग और धुलाई।'),
  'ro-service': d(
    ['ro water service', 'ro', 'ro service', 'ro repair', 'water purifier', 'filter', 'aquaguard', 'आरओ', 'आरओ रिपेयर', 'वाटर प्यूरीफायर', 'फिल्टर'],
    'RO water purifier installation, filter change and repair.',
    'आरओ वाटर प्यूरीफायर लगाना, फिल्टर बदलना और मरम्मत।'),
  'home-tutor': d(
    ['home tutor', 'tutor', 'tuition', 'tution', 'teacher', 'padhai', 'ट्यूशन', 'ट्यूटर', 'टीचर', 'मास्टर जी'],
    'Home tuition for school students of all classes.',
    'सभी कक्षाओं के बच्चों के लिए घर पर ट्यूशन।'),
  coaching: d(
    ['coaching centre', 'coaching', 'coching', 'coaching center', 'classes', 'competition', 'कोचिंग', 'कोचिंग सेंटर', 'क्लास', 'प्रतियोगी परीक्षा'],
    'Coaching for board exams and competitive exams.',
    'बोर्ड परीक्षा और प्रतियोगी परीक्षाओं की कोचिंग।'),
  'beauty-parlour': d(
    ['beauty parlour', 'beauty parlor', 'parlour', 'parlor', 'parlar', 'makeup', 'bridal makeup', 'facial', 'ब्यूटी पार्लर', 'पार्लर', 'मेकअप', 'दुल्हन मेकअप'],
    'Facial, threading, hair cut and bridal make-up for women.',
    'महिलाओं के लिए फेशियल, थ्रेडिंग, बाल कटिंग और दुल्हन मेकअप।'),
  barber: d(
    ['barber', 'nai', 'naai', 'salon', 'saloon', 'hair cut', 'haircut', 'shave', 'नाई', 'सैलून', 'बाल कटिंग', 'दाढ़ी'],
    'Hair cut, shave and grooming for men and boys.',
    'पुरुषों और बच्चों के बाल कटिंग, दाढ़ी और सजना-संवरना।'),
  'tiffin-service': d(
    ['tiffin service', 'tiffin', 'tifin', 'dabba', 'ghar ka khana', 'mess', 'टिफिन', 'टिफिन सेवा', 'घर का खाना', 'मेस'],
    'Home-style lunch and dinner delivered daily.',
    'घर जैसा दोपहर और रात का खाना रोज़ पहुँचाया जाता है।'),
  'pg-room': d(
    ['pg / room', 'pg', 'room', 'rent', 'kiraya', 'kamra', 'hostel', 'flat', 'पीजी', 'कमरा', 'किराया', 'हॉस्टल'],
    'Rooms, PG and hostels on rent for students and workers.',
    'छात्रों और नौकरी वालों के लिए किराये पर कमरा, पीजी और हॉस्टल।'),
  'e-rickshaw': d(
    ['e-rickshaw', 'e rickshaw', 'erickshaw', 'rickshaw', 'riksha', 'rikshaw', 'toto', 'auto', 'ई-रिक्शा', 'रिक्शा', 'टोटो', 'ऑटो'],
    'Local e-rickshaw and auto rides and bookings.',
    'शहर में ई-रिक्शा और ऑटो की सवारी व बुकिंग।'),
  'tent-house': d(
    ['tent house', 'tent', 'tant', 'shamiyana', 'shamiana', 'chairs', 'टेंट', 'टेंट हाउस', 'शामियाना', 'कुर्सी'],
    'Tents, chairs, lights and crockery for functions.',
    'शादी-समारोह के लिए टेंट, कुर्सी, लाइट और बर्तन।'),
  caterer: d(
    ['caterer', 'catering', 'katering', 'bhoj', 'daawat', 'shadi ka khana', 'कैटरिंग', 'कैटरर', 'भोज', 'दावत'],
    'Food for weddings, parties and other functions.',
    'शादी, पार्टी और दूसरे कार्यक्रमों के लिए खाना।'),
  photographer: d(
    ['photographer', 'fotographer', 'photografer', 'photo', 'video', 'videography', 'shoot', 'फोटोग्राफर', 'फोटो', 'वीडियो', 'शादी की वीडियो'],
    'Wedding, event and studio photos and videos.',
    'शादी, कार्यक्रम और स्टूडियो के फोटो व वीडियो।'),
  doctor: d(
    ['doctor', 'docter', 'dactor', 'daktar', 'clinic', 'ilaj', 'डॉक्टर', 'डाक्टर', 'क्लिनिक', 'इलाज'],
    'Local doctors and clinics for check-ups and treatment.',
    'जाँच और इलाज के लिए नज़दीकी डॉक्टर और क्लिनिक।'),
  'medical-store': d(
    ['medical store', 'medical', 'chemist', 'pharmacy', 'dawai', 'dawa', 'medicine', 'मेडिकल', 'मेडिकल स्टोर', 'दवाई', 'दवा'],
    'Medicines and health products, some with home delivery.',
    'दवाइयाँ और स्वास्थ्य का सामान, कुछ जगह घर तक डिलीवरी।'),
  'packers-movers': d(
    ['packers and movers', 'packers', 'movers', 'packer mover', 'shifting', 'saman', 'पैकर्स', 'मूवर्स', 'शिफ्टिंग', 'सामान'],
    'Packing and shifting of household goods.',
    'घर का सामान पैक करके एक जगह से दूसरी जगह पहुँचाना।'),
  cleaning: d(
    ['cleaning service', 'cleaning', 'safai', 'saaf safai', 'deep cleaning', 'sofa cleaning', 'bathroom cleaning', 'सफाई', 'सफाई सेवा', 'साफ-सफाई'],
    'Home, office, sofa and bathroom deep cleaning.',
    'घर, दफ्तर, सोफा और बाथरूम की अच्छी तरह सफाई।'),
  'fast-food': d(
    ['fast food', 'fastfood', 'chaat', 'momos', 'chowmein', 'burger', 'pizza', 'फास्ट फूड', 'चाट', 'मोमोज', 'चाऊमीन'],
    'Chaat, momos, chowmein, burgers and pizza.',
    'चाट, मोमोज, चाऊमीन, बर्गर और पिज़्ज़ा।'),
  restaurant: d(
    ['restaurant', 'restorent', 'resturant', 'hotel', 'dhaba', 'khana', 'रेस्टोरेंट', 'ढाबा', 'होटल', 'खाना'],
    'Restaurants and dhabas for dine-in and take-away.',
    'बैठकर खाने या पैक कराने के लिए रेस्टोरेंट और ढाबे।'),
  'property-dealer': d(
    ['property dealer', 'property', 'propperty', 'prapti', 'plot', 'zameen', 'jameen', 'makan', 'broker', 'प्रॉपर्टी', 'प्रॉपर्टी डीलर', 'जमीन', 'प्लॉट', 'मकान'],
    'Buying, selling and renting of plots, houses and shops.',
    'प्लॉट, मकान और दुकान की खरीद-बिक्री और किराया।'),
  'car-rental': d(
    ['car rental', 'car on rent', 'rent car', 'gaadi kiraya', 'gadi booking', 'kiraye ki gaadi', 'कार किराया', 'किराये की गाड़ी', 'गाड़ी बुकिंग'],
    'Cars on rent with or without driver for trips and weddings.',
    'यात्रा और शादी के लिए ड्राइवर के साथ या बिना कार किराये पर।'),
  taxi: d(
    ['taxi', 'texi', 'taxy', 'cab', 'outstation', 'station drop', 'टैक्सी', 'कैब', 'बाहर जाने के लिए गाड़ी'],
    'Taxi for local, station and outstation trips.',
    'शहर, स्टेशन और बाहर जाने के लिए टैक्सी।'),
  'resume-maker': d(
    ['resume maker', 'resume', 'rezume', 'biodata', 'bio data', 'cv', 'बायोडाटा', 'रिज्यूमे', 'सीवी'],
    'Resume, CV and marriage biodata made and printed.',
    'नौकरी का रिज्यूमे, सीवी और शादी का बायोडाटा बनवाएँ।'),
  'website-design': d(
    ['website design', 'website', 'web site', 'webside', 'web design', 'app', 'online shop', 'वेबसाइट', 'वेबसाइट डिज़ाइन', 'वेबसाइट डिजाइन'],
    'Websites, online shops and Google listings for businesses.',
    'दुकान और कारोबार के लिए वेबसाइट, ऑनलाइन दुकान और गूगल लिस्टिंग।'),
  'computer-project': d(
    ['computer project', 'project', 'projekt', 'college project', 'synopsis', 'project file', 'कंप्यूटर प्रोजेक्ट', 'प्रोजेक्ट', 'प्रोजेक्ट फाइल'],
    'Help with school and college computer projects and files.',
    'स्कूल और कॉलेज के कंप्यूटर प्रोजेक्ट और फाइल बनाने में मदद।'),
  'scrap-dealer': d(
    ['scrap dealer', 'scrap', 'kabadi', 'kabari', 'kabaadi', 'raddi', 'कबाड़ी', 'कबाड़', 'रद्दी'],
    'Buys old paper, metal, plastic and scrap from your home.',
    'घर से पुराना अख़बार, लोहा, प्लास्टिक और कबाड़ खरीदते हैं।'),
  'event-planner': d(
    ['event planner', 'event', 'event management', 'decoration', 'birthday party', 'sajawat', 'इवेंट', 'इवेंट प्लानर', 'सजावट', 'डेकोरेशन'],
    'Planning and decoration for weddings, birthdays and events.',
    'शादी, जन्मदिन और कार्यक्रमों की तैयारी और सजावट।'),
  gym: d(
    ['gym', 'jim', 'fitness', 'workout', 'body building', 'जिम', 'कसरत', 'फिटनेस'],
    'Gyms and fitness centres with trainers.',
    'ट्रेनर के साथ जिम और फिटनेस सेंटर।'),
  'yoga-instructor': d(
    ['yoga instructor', 'yoga', 'yog', 'yoga teacher', 'meditation', 'योग', 'योगा', 'योग शिक्षक', 'ध्यान'],
    'Yoga classes at home, in parks or at a centre.',
    'घर, पार्क या सेंटर पर योग की कक्षाएँ।'),
  'pet-shop': d(
    ['pet shop', 'pet', 'pets', 'dog', 'kutta', 'birds', 'fish', 'pet food', 'पेट शॉप', 'पालतू', 'कुत्ता', 'पालतू जानवर'],
    'Pets, pet food and accessories.',
    'पालतू जानवर, उनका खाना और सामान।'),
  'driving-school': d(
    ['driving school', 'driving', 'draiving', 'car chalana', 'licence', 'license', 'ड्राइविंग', 'ड्राइविंग स्कूल', 'लाइसेंस', 'गाड़ी चलाना'],
    'Car driving lessons and help with driving licence.',
    'कार चलाना सीखें और लाइसेंस बनवाने में मदद।'),
  'local-jobs': d(
    ['local jobs', 'jobs', 'job', 'naukri', 'naukari', 'vacancy', 'placement', 'नौकरी', 'लोकल नौकरी', 'जॉब', 'वैकेंसी'],
    'Local job openings and placement help.',
    'आस-पास की नौकरियाँ और नौकरी दिलाने में मदद।'),
  gardener: d(
    ['gardener', 'mali', 'maali', 'garden', 'plants', 'nursery', 'lawn', 'माली', 'बगीचा', 'पौधे', 'नर्सरी'],
    'Garden care, planting and lawn maintenance.',
    'बगीचे की देखभाल, पौधे लगाना और घास की कटाई।'),
  'kids-care': d(
    ['kids care', 'kids', 'baby sitter', 'babysitter', 'day care', 'creche', 'aaya', 'play school', 'बच्चों की देखभाल', 'आया', 'डे केयर', 'बेबी सिटर'],
    'Babysitters, day care and play schools for small children.',
    'छोटे बच्चों के लिए आया, डे केयर और प्ले स्कूल।'),
  'health-care': d(
    ['health care', 'healthcare', 'hospital', 'aspatal', 'nursing home', 'swasthya', 'स्वास्थ्य सेवा', 'अस्पताल', 'नर्सिंग होम', 'हेल्थ केयर'],
    'Hospitals, nursing homes and health check-up services.',
    'अस्पताल, नर्सिंग होम और स्वास्थ्य जाँच की सुविधा।'),
  dentist: d(
    ['dentist', 'dentis', 'daant', 'dant doctor', 'teeth', 'dental', 'दाँत', 'दांत', 'डेंटिस्ट', 'दाँतों के डॉक्टर'],
    'Tooth pain, filling, cleaning and dentures.',
    'दाँत का दर्द, फिलिंग, सफाई और नकली दाँत।'),
  physiotherapist: d(
    ['physiotherapist', 'physiotherapy', 'physio', 'fisio', 'fiziotherapy', 'back pain', 'फिजियोथेरेपी', 'फिजियो', 'फिजियोथेरेपिस्ट', 'कमर दर्द'],
    'Physiotherapy for pain, injury and recovery, also at home.',
    'दर्द, चोट और ऑपरेशन के बाद के लिए फिजियोथेरेपी, घर पर भी।'),
  'nurse-attendant': d(
    ['nurse / attendant', 'nurse', 'nars', 'attendant', 'patient care', 'injection', 'bujurg', 'नर्स', 'अटेंडेंट', 'मरीज़ की देखभाल', 'इंजेक्शन'],
    'Nurses and attendants for patients and elders at home.',
    'घर पर मरीज़ और बुज़ुर्गों की देखभाल के लिए नर्स और अटेंडेंट।'),
  'pathology-lab': d(
    ['pathology lab', 'pathology', 'lab', 'laib', 'blood test', 'khoon jaanch', 'test', 'पैथोलॉजी', 'लैब', 'खून की जाँच', 'जांच'],
    'Blood, urine and other tests, some with home sample pickup.',
    'खून, पेशाब और दूसरी जाँचें, कुछ जगह घर से सैंपल लेने की सुविधा।'),
  veterinary: d(
    ['veterinary doctor', 'veterinary', 'vet', 'pashu doctor', 'janwar doctor', 'animal doctor', 'पशु चिकित्सक', 'पशु डॉक्टर', 'जानवरों का डॉक्टर'],
    'Treatment for cows, buffaloes, goats and pets.',
    'गाय, भैंस, बकरी और पालतू जानवरों का इलाज।'),
  tailor: d(
    ['tailor', 'tailer', 'darzi', 'darji', 'silai', 'boutique', 'stitching', 'दर्जी', 'टेलर', 'सिलाई', 'बुटीक'],
    'Stitching and alteration of clothes for men and women.',
    'पुरुषों और महिलाओं के कपड़ों की सिलाई और फिटिंग।'),
  'mehndi-artist': d(
    ['mehndi artist', 'mehndi', 'mehendi', 'menhdi', 'mehandi', 'henna', 'मेहंदी', 'मेहंदी आर्टिस्ट', 'मेंहदी'],
    'Bridal and festival mehndi designs at home.',
    'शादी और त्योहार के लिए घर पर मेहंदी लगवाएँ।'),
  'dj-sound': d(
    ['dj / sound', 'dj', 'd.j.', 'sound', 'sound system', 'speaker', 'band', 'डीजे', 'साउंड', 'बैंड'],
    'DJ, sound system and lights for weddings and parties.',
    'शादी और पार्टी के लिए डीजे, साउंड सिस्टम और लाइट।'),
  halwai: d(
    ['halwai', 'halvai', 'halwaai', 'cook for functions', 'bhatti', 'हलवाई', 'भट्टी'],
    'Halwai for cooking food and sweets at functions.',
    'समारोह में खाना और मिठाई बनाने के लिए हलवाई।'),
  'sweet-shop': d(
    ['sweet shop', 'sweets', 'mithai', 'mithaai', 'namkeen', 'मिठाई', 'मिठाई की दुकान', 'नमकीन'],
    'Sweets, namkeen and snacks for daily use and festivals.',
    'रोज़ और त्योहारों के लिए मिठाई, नमकीन और नाश्ता।'),
  dairy: d(
    ['dairy', 'dairi', 'milk', 'doodh', 'dudh', 'paneer', 'ghee', 'डेयरी', 'दूध', 'पनीर', 'घी'],
    'Milk, curd, paneer and ghee, with daily home delivery.',
    'दूध, दही, पनीर और घी, रोज़ घर तक।'),
  'grocery-delivery': d(
    ['grocery delivery', 'grocery', 'kirana', 'kiryana', 'ration', 'sabzi', 'किराना', 'राशन', 'सब्ज़ी', 'किराना डिलीवरी'],
    'Groceries and daily needs delivered to your door.',
    'राशन और रोज़ का सामान घर तक।'),
  pandit: d(
    ['pandit', 'pundit', 'panditji', 'puja', 'pooja', 'havan', 'katha', 'shadi', 'पंडित', 'पंडित जी', 'पूजा', 'हवन', 'कथा'],
    'Puja, havan, katha and wedding rituals.',
    'पूजा, हवन, कथा और शादी के संस्कार।'),
  astrologer: d(
    ['astrologer', 'astrology', 'jyotish', 'jyotishi', 'kundli', 'kundali', 'horoscope', 'ज्योतिषी', 'ज्योतिष', 'कुंडली'],
    'Kundli making, matching and astrology advice.',
    'कुंडली बनवाना, मिलान और ज्योतिष सलाह।'),
  lawyer: d(
    ['lawyer', 'loyar', 'vakil', 'wakil', 'advocate', 'court', 'notary', 'वकील', 'एडवोकेट', 'कोर्ट', 'नोटरी'],
    'Advocates for court cases, property papers and notary.',
    'कोर्ट केस, जमीन के कागज़ और नोटरी के लिए वकील।'),
  'ca-tax': d(
    ['ca / tax consultant', 'ca', 'tax', 'income tax', 'itr', 'gst', 'accountant', 'सीए', 'टैक्स', 'जीएसटी', 'आयकर'],
    'GST, income tax returns and accounts.',
    'जीएसटी, आयकर रिटर्न और हिसाब-किताब।'),
  'insurance-agent': d(
    ['insurance agent', 'insurance', 'bima', 'beema', 'lic', 'policy', 'बीमा', 'बीमा एजेंट', 'एलआईसी', 'पॉलिसी'],
    'Life, health, vehicle and crop insurance.',
    'जीवन, स्वास्थ्य, वाहन और फसल बीमा।'),
  'travel-agent': d(
    ['travel agent', 'travel', 'ticket', 'train ticket', 'tour', 'yatra', 'ट्रैवल एजेंट', 'टिकट', 'यात्रा', 'टूर'],
    'Train, bus and air tickets and tour packages.',
    'ट्रेन, बस और हवाई टिकट और घूमने के पैकेज।'),
  tractor: d(
    ['tractor', 'tractar', 'traktar', 'jutai', 'kheti', 'trolley', 'ट्रैक्टर', 'जुताई', 'खेती', 'ट्रॉली'],
    'Tractor and trolley on hire for farming and carrying goods.',
    'खेती और सामान ढोने के लिए ट्रैक्टर-ट्रॉली किराये पर।'),
  jcb: d(
    ['jcb', 'jcv', 'jesibi', 'khudai', 'excavator', 'जेसीबी', 'खुदाई'],
    'JCB machine on hire for digging and levelling.',
    'खुदाई और ज़मीन समतल करने के लिए जेसीबी किराये पर।'),
  'transport-tempo': d(
    ['transport / tempo', 'transport', 'tempo', 'tempu', 'pickup', 'loader', 'truck', 'chhota hathi', 'ट्रांसपोर्ट', 'टेंपो', 'ट्रक', 'छोटा हाथी'],
    'Tempo, pickup and truck for carrying goods.',
    'सामान ढोने के लिए टेंपो, पिकअप और ट्रक।'),
  courier: d(
    ['courier', 'curier', 'kuriar', 'parcel', 'speed post', 'कूरियर', 'पार्सल'],
    'Send letters and parcels anywhere in India.',
    'पूरे भारत में चिट्ठी और पार्सल भेजें।'),
  'printing-flex': d(
    ['printing / flex', 'printing', 'flex', 'banner', 'shadi card', 'visiting card', 'printing press', 'प्रिंटिंग', 'फ्लेक्स', 'बैनर', 'शादी कार्ड'],
    'Flex banners, wedding cards, visiting cards and printing.',
    'फ्लेक्स बैनर, शादी के कार्ड, विज़िटिंग कार्ड और छपाई।'),
  'cyber-cafe': d(
    ['cyber cafe / online forms', 'cyber cafe', 'saibar', 'online form', 'form bharna', 'xerox', 'photocopy', 'pan card', 'साइबर कैफे', 'ऑनलाइन फॉर्म', 'फोटोकॉपी', 'फॉर्म भरना'],
    'Online forms, photocopy, printouts and certificates.',
    'ऑनलाइन फॉर्म, फोटोकॉपी, प्रिंट और प्रमाण पत्र बनवाना।'),
  'music-teacher': d(
    ['music teacher', 'music', 'sangeet', 'singing', 'guitar', 'harmonium', 'tabla', 'संगीत', 'संगीत शिक्षक', 'गाना', 'तबला'],
    'Singing, harmonium, tabla and guitar lessons.',
    'गाना, हारमोनियम, तबला और गिटार सीखें।'),
  'dance-teacher': d(
    ['dance teacher', 'dance', 'dans', 'dance class', 'nritya', 'डांस', 'डांस टीचर', 'नृत्य'],
    'Dance classes for children and adults, also for functions.',
    'बच्चों और बड़ों के लिए डांस क्लास, समारोह की तैयारी भी।'),
  'computer-classes': d(
    ['computer classes', 'computer course', 'kampyutar', 'computer', 'ccc', 'tally', 'dca', 'typing', 'कंप्यूटर', 'कंप्यूटर क्लास', 'कंप्यूटर कोर्स', 'टैली'],
    'Basic computer, CCC, Tally and typing courses.',
    'बेसिक कंप्यूटर, सीसीसी, टैली और टाइपिंग कोर्स।'),
  'spoken-english': d(
    ['spoken english', 'english speaking', 'english', 'inglish', 'angrezi', 'angreji', 'स्पोकन इंग्लिश', 'अंग्रेज़ी', 'अंग्रेजी', 'इंग्लिश'],
    'Learn to speak English with confidence.',
    'बिना झिझक अंग्रेज़ी बोलना सीखें।'),
  maid: d(
    ['maid / domestic help', 'maid', 'domestic help', 'bai', 'kaamwali', 'kamwali', 'jhadu pocha', 'कामवाली', 'कामवाली बाई', 'घरेलू सहायक', 'झाड़ू पोछा'],
    'Help for sweeping, mopping, dishes and housework.',
    'झाड़ू-पोछा, बर्तन और घर के कामों के लिए सहायक।'),
  cook: d(
    ['cook', 'kuk', 'rasoiya', 'khana banane wala', 'maharaj', 'chef', 'रसोइया', 'कुक', 'खाना बनाने वाला', 'महाराज'],
    'Cooks for daily home meals and small gatherings.',
    'रोज़ का घर का खाना और छोटे कार्यक्रमों के लिए रसोइया।'),
  'security-guard': d(
    ['security guard', 'guard', 'gard', 'chowkidar', 'chaukidar', 'watchman', 'सिक्योरिटी गार्ड', 'गार्ड', 'चौकीदार'],
    'Guards and watchmen for homes, shops and events.',
    'घर, दुकान और कार्यक्रमों के लिए गार्ड और चौकीदार।'),
  borewell: d(
    ['borewell', 'bore well', 'boring', 'bore', 'handpump', 'submersible', 'samarsebal', 'बोरवेल', 'बोरिंग', 'हैंडपंप', 'समरसेबल'],
    'Borewell drilling, hand pumps and submersible pumps.',
    'बोरिंग करवाना, हैंडपंप और समरसेबल पंप लगाना।'),
  'solar-panel': d(
    ['solar panel', 'solar', 'soler', 'solar plant', 'solar light', 'सोलर', 'सोलर पैनल', 'सौर ऊर्जा'],
    'Solar panels, solar lights and solar water heaters.',
    'सोलर पैनल, सोलर लाइट और सोलर गीज़र लगवाएँ।'),
  'inverter-battery': d(
    ['inverter / battery', 'inverter', 'invertor', 'invetar', 'battery', 'betri', 'ups', 'इन्वर्टर', 'इनवर्टर', 'बैटरी'],
    'Inverter and battery sales, installation and repair.',
    'इन्वर्टर और बैटरी की बिक्री, फिटिंग और मरम्मत।'),
  'appliance-repair': d(
    ['fridge / washing machine repair', 'fridge', 'frij', 'refrigerator', 'washing machine', 'washing mashine', 'microwave', 'geyser', 'फ्रिज', 'वॉशिंग मशीन', 'गीज़र'],
    'Repair of fridges, washing machines, geysers and microwaves.',
    'फ्रिज, वॉशिंग मशीन, गीज़र और माइक्रोवेव की मरम्मत।'),
  'tv-repair': d(
    ['tv repair', 'tv', 't.v.', 'led tv', 'dish', 'set top box', 'टीवी', 'टीवी रिपेयर', 'एलईडी', 'डिश'],
    'LED TV, set-top box and dish antenna repair.',
    'एलईडी टीवी, सेट-टॉप बॉक्स और डिश की मरम्मत।'),
  'laptop-repair': d(
    ['laptop / computer repair', 'laptop', 'leptop', 'laptop repair', 'computer repair', 'printer repair', 'लैपटॉप', 'लैपटॉप रिपेयर', 'कंप्यूटर रिपेयर'],
    'Laptop, computer and printer repair and upgrades.',
    'लैपटॉप, कंप्यूटर और प्रिंटर की मरम्मत।'),
  cctv: d(
    ['cctv camera', 'cctv', 'cc tv', 'camera', 'security camera', 'सीसीटीवी', 'कैमरा', 'सीसीटीवी कैमरा'],
    'CCTV camera installation and service for homes and shops.',
    'घर और दुकान में सीसीटीवी कैमरा लगवाना और सर्विस।'),
  locksmith: d(
    ['locksmith', 'lock smith', 'chabi', 'chaabi', 'taala', 'tala', 'lock', 'key', 'चाबी', 'चाबी वाला', 'ताला'],
    'Duplicate keys, lock repair and opening locked doors.',
    'डुप्लीकेट चाबी, ताला मरम्मत और बंद ताला खुलवाना।'),
  cobbler: d(
    ['cobbler', 'mochi', 'shoe repair', 'joota', 'juta', 'chappal', 'मोची', 'जूता', 'चप्पल'],
    'Shoe, chappal and bag repair and polish.',
    'जूते, चप्पल और बैग की मरम्मत और पॉलिश।'),
  'pest-control': d(
    ['pest control', 'pest', 'deemak', 'dimak', 'termite', 'cockroach', 'keede', 'पेस्ट कंट्रोल', 'दीमक', 'कॉकरोच', 'कीड़े'],
    'Treatment for termites, cockroaches, bed bugs and rats.',
    'दीमक, कॉकरोच, खटमल और चूहों से छुटकारा।'),
  'water-tank-cleaning': d(
    ['water tank cleaning', 'tank cleaning', 'tanki', 'tanki safai', 'water tank', 'टंकी', 'टंकी सफाई', 'पानी की टंकी'],
    'Cleaning of overhead and underground water tanks.',
    'छत और ज़मीन के नीचे की पानी की टंकी की सफाई।'),
  welder: d(
    ['welder', 'welding', 'velding', 'gate', 'grill', 'lohe ka kaam', 'वेल्डर', 'वेल्डिंग', 'ग्रिल', 'गेट'],
    'Iron gates, grills, shutters and welding work.',
    'लोहे के गेट, ग्रिल, शटर और वेल्डिंग का काम।'),
  'tiles-marble': d(
    ['tiles / marble', 'tiles', 'tile', 'tails', 'marble', 'granite', 'tile mistri', 'टाइल्स', 'मार्बल', 'ग्रेनाइट', 'पत्थर'],
    'Tile, marble and granite fitting for floors and walls.',
    'फर्श और दीवार पर टाइल्स, मार्बल और ग्रेनाइट लगाना।'),
  'pop-false-ceiling': d(
    ['pop / false ceiling', 'pop', 'p.o.p', 'false ceiling', 'fall ceiling', 'ceiling', 'पीओपी', 'फॉल्स सीलिंग', 'सीलिंग'],
    'POP work, false ceilings and wall designs.',
    'पीओपी का काम, फॉल्स सीलिंग और दीवार की डिज़ाइन।'),
  'interior-designer': d(
    ['interior designer', 'interior', 'interior design', 'modular kitchen', 'wardrobe', 'इंटीरियर', 'इंटीरियर डिज़ाइनर', 'इंटीरियर डिजाइनर', 'मॉड्यूलर किचन'],
    'Home and shop interiors, modular kitchens and wardrobes.',
    'घर और दुकान की सजावट, मॉड्यूलर किचन और अलमारी।'),
  furniture: d(
    ['furniture', 'furnichar', 'farnichar', 'sofa', 'bed', 'almirah', 'palang', 'फर्नीचर', 'सोफा', 'पलंग', 'अलमारी'],
    'Beds, sofas, almirahs and furniture made to order.',
    'ऑर्डर पर पलंग, सोफा, अलमारी और फर्नीचर।'),
  'glass-aluminium': d(
    ['glass / aluminium', 'glass', 'kaanch', 'kanch', 'sheesha', 'aluminium', 'aluminum', 'window', 'कांच', 'शीशा', 'एल्युमिनियम', 'खिड़की'],
    'Glass, mirrors and aluminium windows, doors and partitions.',
    'कांच, शीशे और एल्युमिनियम की खिड़की, दरवाज़े और पार्टीशन।'),
  'hardware-shop': d(
    ['hardware shop', 'hardware', 'hardwear', 'sariya', 'cement', 'sanitary', 'हार्डवेयर', 'हार्डवेयर की दुकान', 'सरिया', 'सीमेंट'],
    'Building material, sanitary items, tools and fittings.',
    'भवन निर्माण का सामान, सैनिटरी, औज़ार और फिटिंग।'),
  'water-supply': d(
    ['water supply', 'water jar', 'ro jar', 'paani', 'pani', 'water tanker', 'tanker', 'पानी', 'पानी सप्लाई', 'पानी का जार', 'टैंकर'],
    'RO water jars and water tankers delivered.',
    'आरओ पानी के जार और पानी का टैंकर मँगवाएँ।'),
});
