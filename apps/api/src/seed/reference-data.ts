// Reference data loaded on every start (idempotently): Indian states with major cities,
// and common recyclable materials with default per-kg rates in rupees.

export const STATES_AND_CITIES: ReadonlyArray<{ name: string; code: string; cities: readonly string[] }> = [
  { name: 'Maharashtra', code: 'MH', cities: ['Mumbai', 'Pune', 'Nagpur', 'Nashik', 'Thane', 'Aurangabad'] },
  { name: 'Delhi', code: 'DL', cities: ['New Delhi', 'Dwarka', 'Rohini'] },
  { name: 'Karnataka', code: 'KA', cities: ['Bengaluru', 'Mysuru', 'Mangaluru', 'Hubballi'] },
  { name: 'Tamil Nadu', code: 'TN', cities: ['Chennai', 'Coimbatore', 'Madurai', 'Tiruchirappalli'] },
  { name: 'Telangana', code: 'TS', cities: ['Hyderabad', 'Warangal'] },
  { name: 'Gujarat', code: 'GJ', cities: ['Ahmedabad', 'Surat', 'Vadodara', 'Rajkot'] },
  { name: 'West Bengal', code: 'WB', cities: ['Kolkata', 'Howrah', 'Durgapur'] },
  { name: 'Uttar Pradesh', code: 'UP', cities: ['Lucknow', 'Kanpur', 'Noida', 'Ghaziabad', 'Agra', 'Varanasi'] },
  { name: 'Rajasthan', code: 'RJ', cities: ['Jaipur', 'Jodhpur', 'Udaipur', 'Kota'] },
  { name: 'Kerala', code: 'KL', cities: ['Kochi', 'Thiruvananthapuram', 'Kozhikode'] },
  { name: 'Madhya Pradesh', code: 'MP', cities: ['Indore', 'Bhopal', 'Gwalior', 'Jabalpur'] },
  { name: 'Punjab', code: 'PB', cities: ['Ludhiana', 'Amritsar', 'Jalandhar'] },
  { name: 'Haryana', code: 'HR', cities: ['Gurugram', 'Faridabad'] },
  { name: 'Bihar', code: 'BR', cities: ['Patna', 'Gaya'] },
  { name: 'Odisha', code: 'OD', cities: ['Bhubaneswar', 'Cuttack'] },
  { name: 'Andhra Pradesh', code: 'AP', cities: ['Visakhapatnam', 'Vijayawada'] },
];

/**
 * Default rates per kg in rupees: what a vendor is paid, what a driver earns, and the b2c rate
 * the material's value is reckoned at; and for GST invoices the HSN heading of the waste or
 * scrap and its GST rate in percent (docs/decisions/015-ledger-payouts-invoices.md). b2c sits
 * about 10 % above vendor + driver, so the reconciliation report's demo margins
 * (b2c value - vendor - driver) are positive (design.md section 16). `nameHi` is what Hindi
 * readers see (design.md section 23); migration 0013 gives databases seeded earlier the same.
 */
export const MATERIALS: ReadonlyArray<{ name: string; nameHi: string; vendor: string; driver: string; b2c: string; hsn: string; gst: number }> = [
  { name: 'Copper', nameHi: 'तांबा', vendor: '620', driver: '25', b2c: '710', hsn: '7404', gst: 18 },
  { name: 'Brass', nameHi: 'पीतल', vendor: '420', driver: '20', b2c: '485', hsn: '7404', gst: 18 },
  { name: 'Aluminium', nameHi: 'एल्युमिनियम', vendor: '150', driver: '12', b2c: '180', hsn: '7602', gst: 18 },
  { name: 'Iron', nameHi: 'लोहा', vendor: '32', driver: '3.5', b2c: '40', hsn: '7204', gst: 18 },
  { name: 'Steel', nameHi: 'स्टील', vendor: '38', driver: '4', b2c: '47', hsn: '7204', gst: 18 },
  { name: 'Newspaper', nameHi: 'अख़बार', vendor: '14', driver: '2', b2c: '18', hsn: '470730', gst: 5 },
  { name: 'Cardboard', nameHi: 'गत्ता', vendor: '10', driver: '1.5', b2c: '13', hsn: '470710', gst: 5 },
  { name: 'Office Paper', nameHi: 'दफ़्तरी काग़ज़', vendor: '16', driver: '2', b2c: '20', hsn: '470720', gst: 5 },
  { name: 'Books', nameHi: 'किताबें', vendor: '12', driver: '1.75', b2c: '15.5', hsn: '470790', gst: 5 },
  { name: 'PET Bottles', nameHi: 'प्लास्टिक की बोतलें', vendor: '22', driver: '3', b2c: '28', hsn: '391590', gst: 18 },
  { name: 'Hard Plastic', nameHi: 'सख़्त प्लास्टिक', vendor: '18', driver: '2.5', b2c: '23', hsn: '3915', gst: 18 },
  { name: 'Glass Bottles', nameHi: 'कांच की बोतलें', vendor: '3', driver: '0.5', b2c: '4', hsn: '7001', gst: 18 },
  { name: 'E-waste', nameHi: 'ई-कचरा', vendor: '45', driver: '6', b2c: '57', hsn: '8549', gst: 18 },
  { name: 'Batteries', nameHi: 'बैटरियां', vendor: '70', driver: '8', b2c: '86', hsn: '854911', gst: 18 },
];
