import type { IndustryId } from "./industries";

/**
 * The default long description on each industry's own page (the Industry's pageDescription of
 * docs/product.md section 3): three paragraphs, part of the defaults of site-defaults.ts.
 * Isomorphic: no DOM and no Node APIs.
 */
const PAGE_DESCRIPTIONS: { readonly [K in IndustryId]: readonly string[] } = {
  hospitality: [
    "A full bar or restaurant on a Friday night usually means a clipboard waitlist, a host guessing at wait times and guests hovering by the door. QueueWise replaces that with a digital waitlist: guests join from a QR code or the host stand, see an honest estimate, and get a message when their table is ready, so they can wait at the bar or down the street instead of in the entryway.",
    "The same engine handles hotel front desks. Arriving guests can take a place in the check-in line from the lobby or the airport shuttle, and staff see who is next, who has a group booking and who needs the concierge. When a tour bus arrives, the queue rebalances across open desks rather than piling up at one.",
    "At peak hour, drink and food orders can be queued the same way. The system paces incoming orders to what the bar and kitchen can actually produce, keeps guests informed while they wait, and gives managers a clear picture of when to open another station or call in extra staff.",
  ],
  healthcare: [
    "Walk-in clinics and urgent care centers rarely know how busy they will be in an hour. QueueWise lets patients check in at a kiosk, on their phone or at the front desk, then wait in the car or at home with a live position and an estimated time, instead of filling a crowded waiting room.",
    "Strict first-come, first-served is not always right in care settings. Triage-aware ordering lets clinical staff set a priority at intake, so urgent cases move up while everyone else still sees a fair, steady estimate. Appointments and walk-ins share one queue, and providers see the full picture on a single screen.",
    "The same tools cover the rest of the visit. Lab draw stations can pull the next patient as soon as a chair frees up, and pharmacy pickup can notify patients when a prescription is actually ready rather than when it was dropped off. Patient details are protected with end-to-end encryption and are visible only to the staff who need them.",
  ],
  airports: [
    "Security checkpoints are where a travel day goes right or wrong. QueueWise reads flight schedules and live throughput to forecast surges before they reach the checkpoint, helping operators decide when to open lanes and giving travelers wait times they can trust on screens and in the airport app.",
    "At check-in and bag drop, passengers can reserve a slot or join a virtual line for their airline's desks. Staff can see which flights are closing soon and pull those passengers forward, so nobody misses a departure while standing behind a family checking six bags.",
    "On the ground side, rideshare pickup zones, taxi ranks and shuttle stops get the same treatment. Riders are called forward in order as vehicles arrive, curbside congestion eases, and station and terminal operators get a clear record of demand across the whole day.",
  ],
  entertainment: [
    "Stadiums and arenas live and die by a few rush periods: doors opening, halftime and the final whistle. QueueWise helps operators spread gate entry by sending ticket holders a suggested arrival window and showing live wait times at each gate, so the crowd distributes itself before it forms a bottleneck.",
    "Concessions are where fans lose the most time. Fans can order food and drinks from their seats and get a message when the order is ready at a specific stand, while the system balances orders across stands with open capacity. Merchandise drops and signing sessions can run as virtual lines with timed return windows.",
    "Venue teams see every line in one dashboard during the event and can redirect staff as demand shifts. After the event, the analytics show which stands, gates and time windows were under pressure, which makes planning the next show far less of a guess.",
  ],
  "theme-parks": [
    "A two-hour line for a headline ride is the part of the day guests remember least fondly. With QueueWise, guests reserve a return time from their phone or a kiosk at the ride entrance, then spend the wait on smaller rides, shows and shopping. Return windows adjust in real time when a ride goes down or throughput changes.",
    "Parks can mix virtual and standby lines, set limits on how many reservations each guest holds, and offer paid or accessibility-based priority access without building a separate system for each. Character meet-and-greets, shows with limited seating and popular restaurants can all run from the same queue engine.",
    "Operations teams get a live map of demand across the park, so they can open extra ride vehicles, move staff or push offers to quieter areas. Over a season, predictive analytics learn the patterns of holidays, weather and school breaks to improve the forecasts that drive every return time.",
  ],
  government: [
    "Licensing offices, permit counters and benefits centers serve people who often took time off work to be there. QueueWise lets residents book an appointment or join the line remotely, then arrive when they are close to being called, rather than taking a number at opening time and waiting most of the morning.",
    "Each visit is routed by service type, so a license renewal is not stuck behind a complex permit review. Staff at each window see what the next visitor needs before calling them, and multilingual notifications and accessible kiosks help every resident follow their place in line.",
    "Office managers get clear reporting on visit volumes, service times and no-shows by location and by service. That makes it easier to staff counters to real demand, justify resources and show the public that wait times are improving.",
  ],
  logistics: [
    "Distribution centers lose hours to trucks idling in the yard waiting for a door. QueueWise gives carriers dock appointments and a live check-in queue, assigns doors as they free up and tells drivers when to pull in, cutting down on detention time and the radio chatter it takes to manage the yard by hand.",
    "The same approach works for will-call and pickup counters, where couriers, contractors and customers arrive unannounced. Each arrival is queued by order type, the warehouse team is prompted to stage the order ahead of time, and the person picking it up is notified when it's waiting at the counter.",
    "Because QueueWise is API-first, it connects to warehouse management and transport systems already in place. Appointment data, real arrival times and handling times feed the analytics, so planners can see which carriers, shifts and docks are causing delays.",
  ],
  retail: [
    "Stores lose sales when shoppers see a long line and walk out. QueueWise lets customers join a virtual line for checkout, the service desk or the fitting rooms, keep browsing, and come back when they are called. Product launches and limited drops can run as timed entry instead of a line around the block.",
    "Repair counters and in-store support appointments benefit most. Customers can book ahead or join on arrival, describe their issue in advance, and are matched to the associate with the right skills, so a quick question doesn't wait behind a full device repair.",
    "Store and regional managers see live queues across every location and can compare service times from store to store. Those insights help with staffing schedules, identify the busiest hours and show where a second service desk would make a real difference.",
  ],
  finance: [
    "A bank or credit union branch serves very different needs in a single morning: a quick deposit, a mortgage conversation, a lost card. QueueWise asks customers the reason for their visit when they check in, sends simple transactions to tellers and routes longer conversations to the right advisor or specialist.",
    "Customers can book an advisor meeting ahead of time or join the queue from their phone before they leave home. While they wait, they can see where they stand and what documents to have ready, which makes the meeting itself shorter and more productive for everyone.",
    "Financial institutions need strong privacy controls. Customer data in QueueWise is protected with end-to-end encryption and role-based access, and the platform integrates with existing CRM and scheduling systems through its API rather than requiring a separate set of records.",
  ],
  education: [
    "The first week of term brings long lines at the registrar, financial aid and student ID offices. QueueWise lets students join those lines from their phones, keep going to class or grab lunch, and get a notification when it's time to come in, so campus offices stay calm even at their busiest.",
    "Academic departments can run office hours and advising appointments through the same system. Students see how many people are ahead of them, teaching assistants can move through the line in order, and advisors get the student's question in advance so every meeting starts with context.",
    "For campus life, dining halls, bookstores and event ticketing can show live wait times on screens and in the campus app. Administrators get clear data on peak periods across the academic calendar, which helps plan staffing around registration, exams and move-in weekend.",
  ],
};

/** The paragraphs of an industry's page description. */
export function industryPageDescription(id: IndustryId): readonly string[] {
  return PAGE_DESCRIPTIONS[id];
}
