// The household's own home (namespace "households", design.md section 21): where the driver comes.
export const householdsEn = {
  home: {
    heading: 'Your home',
    intro: 'Where the driver comes for your pickups, also those already booked.',
    name: 'Your name',
    phone: 'Phone',
    city: 'City',
    cityHint: 'The city cannot be changed here. To move to another city, call admin.',
    address: 'Address',
    addressHint: 'House number, street, area and a landmark',
    pin: 'Your home on the map',
    pinIntro: 'Tap the map where your door is, or use where you are now: the driver finds you by it.',
    pinRequired: 'Put the pin on your home',
    noChange: 'Nothing has changed yet.',
    save: 'Save',
    reset: 'Undo changes',
    saved: 'Your home is saved.',
  },
} as const;
