/**
 * The ten industries the site presents. Static content, built into the pages.
 * Isomorphic: no DOM and no Node APIs.
 */

export const INDUSTRY_IDS = [
  "hospitality",
  "healthcare",
  "airports",
  "entertainment",
  "theme-parks",
  "government",
  "logistics",
  "retail",
  "finance",
  "education",
] as const;

export type IndustryId = (typeof INDUSTRY_IDS)[number];

/** The contact form's choice for a visitor whose industry is not among the ten. */
export const CONTACT_INDUSTRY_OTHER = "other";

export type Industry = {
  id: IndustryId;
  title: string;
  /** One or two sentences for cards. */
  description: string;
  /** The long description shown on the industry's own page: 3 paragraphs, separated by "\n\n". */
  pageDescription: string;
  features: readonly [string, string, string];
};

const BY_ID: { readonly [K in IndustryId]: Omit<Industry, "id"> } = {
  hospitality: {
    title: "Hospitality",
    description:
      "Run waitlists, check-in and peak-hour orders without a crowd at the door. Guests wait where they like and get a text when it's their turn.",
    pageDescription: [
      "A full bar or restaurant on a Friday night usually means a clipboard waitlist, a host guessing at wait times and guests hovering by the door. QueueWise replaces that with a digital waitlist: guests join from a QR code or the host stand, see an honest estimate, and get a message when their table is ready, so they can wait at the bar or down the street instead of in the entryway.",
      "The same engine handles hotel front desks. Arriving guests can take a place in the check-in line from the lobby or the airport shuttle, and staff see who is next, who has a group booking and who needs the concierge. When a tour bus arrives, the queue rebalances across open desks rather than piling up at one.",
      "At peak hour, drink and food orders can be queued the same way. The system paces incoming orders to what the bar and kitchen can actually produce, keeps guests informed while they wait, and gives managers a clear picture of when to open another station or call in extra staff.",
    ].join("\n\n"),
    features: [
      "Digital waitlists with text-when-ready alerts",
      "Hotel check-in queues balanced across desks",
      "Peak-hour order pacing for bar and kitchen",
    ],
  },
  healthcare: {
    title: "Healthcare",
    description:
      "Calmer waiting rooms for clinics, labs and pharmacies. Patients are seen in the right order, and staff always know who is next and why.",
    pageDescription: [
      "Walk-in clinics and urgent care centers rarely know how busy they will be in an hour. QueueWise lets patients check in at a kiosk, on their phone or at the front desk, then wait in the car or at home with a live position and an estimated time, instead of filling a crowded waiting room.",
      "Strict first-come, first-served is not always right in care settings. Triage-aware ordering lets clinical staff set a priority at intake, so urgent cases move up while everyone else still sees a fair, steady estimate. Appointments and walk-ins share one queue, and providers see the full picture on a single screen.",
      "The same tools cover the rest of the visit. Lab draw stations can pull the next patient as soon as a chair frees up, and pharmacy pickup can notify patients when a prescription is actually ready rather than when it was dropped off. Patient details are protected with end-to-end encryption and are visible only to the staff who need them.",
    ].join("\n\n"),
    features: [
      "Triage-aware patient ordering",
      "Remote check-in for walk-in clinics",
      "Ready-for-pickup alerts for pharmacy and lab",
    ],
  },
  airports: {
    title: "Airports & Transportation",
    description:
      "Move travelers through security, check-in and ground transport with live wait times and smarter lane assignments.",
    pageDescription: [
      "Security checkpoints are where a travel day goes right or wrong. QueueWise reads flight schedules and live throughput to forecast surges before they reach the checkpoint, helping operators decide when to open lanes and giving travelers wait times they can trust on screens and in the airport app.",
      "At check-in and bag drop, passengers can reserve a slot or join a virtual line for their airline's desks. Staff can see which flights are closing soon and pull those passengers forward, so nobody misses a departure while standing behind a family checking six bags.",
      "On the ground side, rideshare pickup zones, taxi ranks and shuttle stops get the same treatment. Riders are called forward in order as vehicles arrive, curbside congestion eases, and station and terminal operators get a clear record of demand across the whole day.",
    ].join("\n\n"),
    features: [
      "Security lane forecasting from flight schedules",
      "Departure-aware check-in and bag-drop queues",
      "Orderly rideshare and taxi pickup zones",
    ],
  },
  entertainment: {
    title: "Sports & Entertainment",
    description:
      "Shorter lines at gates, concessions and merch stands, so fans spend the event watching it rather than queuing for it.",
    pageDescription: [
      "Stadiums and arenas live and die by a few rush periods: doors opening, halftime and the final whistle. QueueWise helps operators spread gate entry by sending ticket holders a suggested arrival window and showing live wait times at each gate, so the crowd distributes itself before it forms a bottleneck.",
      "Concessions are where fans lose the most time. Fans can order food and drinks from their seats and get a message when the order is ready at a specific stand, while the system balances orders across stands with open capacity. Merchandise drops and signing sessions can run as virtual lines with timed return windows.",
      "Venue teams see every line in one dashboard during the event and can redirect staff as demand shifts. After the event, the analytics show which stands, gates and time windows were under pressure, which makes planning the next show far less of a guess.",
    ].join("\n\n"),
    features: [
      "Staggered gate entry with arrival windows",
      "Order-from-seat concessions with pickup alerts",
      "Virtual lines for merch drops and signings",
    ],
  },
  "theme-parks": {
    title: "Theme Parks",
    description:
      "Virtual queues for rides, shows and dining that let guests enjoy the park while they wait instead of standing in a line.",
    pageDescription: [
      "A two-hour line for a headline ride is the part of the day guests remember least fondly. With QueueWise, guests reserve a return time from their phone or a kiosk at the ride entrance, then spend the wait on smaller rides, shows and shopping. Return windows adjust in real time when a ride goes down or throughput changes.",
      "Parks can mix virtual and standby lines, set limits on how many reservations each guest holds, and offer paid or accessibility-based priority access without building a separate system for each. Character meet-and-greets, shows with limited seating and popular restaurants can all run from the same queue engine.",
      "Operations teams get a live map of demand across the park, so they can open extra ride vehicles, move staff or push offers to quieter areas. Over a season, predictive analytics learn the patterns of holidays, weather and school breaks to improve the forecasts that drive every return time.",
    ].join("\n\n"),
    features: [
      "Ride reservations with live return windows",
      "Mixed virtual, standby and priority access",
      "Park-wide demand map for operations teams",
    ],
  },
  government: {
    title: "Government Services",
    description:
      "Appointments and walk-ins for licensing offices, permits and benefits in one fair queue, with honest wait times for every visitor.",
    pageDescription: [
      "Licensing offices, permit counters and benefits centers serve people who often took time off work to be there. QueueWise lets residents book an appointment or join the line remotely, then arrive when they are close to being called, rather than taking a number at opening time and waiting most of the morning.",
      "Each visit is routed by service type, so a license renewal is not stuck behind a complex permit review. Staff at each window see what the next visitor needs before calling them, and multilingual notifications and accessible kiosks help every resident follow their place in line.",
      "Office managers get clear reporting on visit volumes, service times and no-shows by location and by service. That makes it easier to staff counters to real demand, justify resources and show the public that wait times are improving.",
    ].join("\n\n"),
    features: [
      "Service-based routing to the right counter",
      "Remote line joining and appointment booking",
      "Multilingual, accessible visitor notifications",
    ],
  },
  logistics: {
    title: "Logistics & Fulfillment",
    description:
      "Schedule trucks at the dock, sequence pickups at the counter and keep warehouse yards flowing with one queuing layer.",
    pageDescription: [
      "Distribution centers lose hours to trucks idling in the yard waiting for a door. QueueWise gives carriers dock appointments and a live check-in queue, assigns doors as they free up and tells drivers when to pull in, cutting down on detention time and the radio chatter it takes to manage the yard by hand.",
      "The same approach works for will-call and pickup counters, where couriers, contractors and customers arrive unannounced. Each arrival is queued by order type, the warehouse team is prompted to stage the order ahead of time, and the person picking it up is notified when it's waiting at the counter.",
      "Because QueueWise is API-first, it connects to warehouse management and transport systems already in place. Appointment data, real arrival times and handling times feed the analytics, so planners can see which carriers, shifts and docks are causing delays.",
    ].join("\n\n"),
    features: [
      "Dock appointments and live door assignment",
      "Will-call pickup with pre-staged orders",
      "Integrations with WMS and TMS platforms",
    ],
  },
  retail: {
    title: "Retail & Support",
    description:
      "From fitting rooms and service desks to product launches and repair counters, customers hold their place without holding up the store.",
    pageDescription: [
      "Stores lose sales when shoppers see a long line and walk out. QueueWise lets customers join a virtual line for checkout, the service desk or the fitting rooms, keep browsing, and come back when they are called. Product launches and limited drops can run as timed entry instead of a line around the block.",
      "Repair counters and in-store support appointments benefit most. Customers can book ahead or join on arrival, describe their issue in advance, and are matched to the associate with the right skills, so a quick question doesn't wait behind a full device repair.",
      "Store and regional managers see live queues across every location and can compare service times from store to store. Those insights help with staffing schedules, identify the busiest hours and show where a second service desk would make a real difference.",
    ].join("\n\n"),
    features: [
      "Virtual lines for service desks and fitting rooms",
      "Skill-based matching for repair and support",
      "Timed entry for launches and limited drops",
    ],
  },
  finance: {
    title: "Financial Services",
    description:
      "Branch visits, advisor meetings and teller lines handled in one secure queue, with customer details protected end to end.",
    pageDescription: [
      "A bank or credit union branch serves very different needs in a single morning: a quick deposit, a mortgage conversation, a lost card. QueueWise asks customers the reason for their visit when they check in, sends simple transactions to tellers and routes longer conversations to the right advisor or specialist.",
      "Customers can book an advisor meeting ahead of time or join the queue from their phone before they leave home. While they wait, they can see where they stand and what documents to have ready, which makes the meeting itself shorter and more productive for everyone.",
      "Financial institutions need strong privacy controls. Customer data in QueueWise is protected with end-to-end encryption and role-based access, and the platform integrates with existing CRM and scheduling systems through its API rather than requiring a separate set of records.",
    ].join("\n\n"),
    features: [
      "Visit-reason routing to tellers and advisors",
      "Advisor appointments with document checklists",
      "End-to-end encryption of customer details",
    ],
  },
  education: {
    title: "Education & Campus Life",
    description:
      "Office hours, advising, financial aid and dining halls with no lines out the door during the busiest weeks of the term.",
    pageDescription: [
      "The first week of term brings long lines at the registrar, financial aid and student ID offices. QueueWise lets students join those lines from their phones, keep going to class or grab lunch, and get a notification when it's time to come in, so campus offices stay calm even at their busiest.",
      "Academic departments can run office hours and advising appointments through the same system. Students see how many people are ahead of them, teaching assistants can move through the line in order, and advisors get the student's question in advance so every meeting starts with context.",
      "For campus life, dining halls, bookstores and event ticketing can show live wait times on screens and in the campus app. Administrators get clear data on peak periods across the academic calendar, which helps plan staffing around registration, exams and move-in weekend.",
    ].join("\n\n"),
    features: [
      "Virtual lines for registrar and financial aid",
      "Office hours and advising queues",
      "Live wait times for dining halls and events",
    ],
  },
};

export const INDUSTRIES: readonly Industry[] = INDUSTRY_IDS.map((id) => ({ id, ...BY_ID[id] }));

export function findIndustry(id: string): Industry | undefined {
  return INDUSTRIES.find((industry) => industry.id === id);
}
