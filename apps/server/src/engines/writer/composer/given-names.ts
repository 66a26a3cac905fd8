/**
 * Common given names, lower case: in a transcript without capitals (PocketSphinx), a word the
 * speaker uses the way people are named ("tom will…", "thanks sarah") is taken for a name only
 * when it is one of these. A transcript with capitals shows its names by them instead.
 */
export const GIVEN_NAMES: ReadonlySet<string> = new Set(
  `aaron adam adrian ahmed aisha alan alex alexander alice alicia amanda amelia amir amy ana andrea
  andrew angela anna anne anthony antonio arjun ashley ben benjamin beth bill bob brian carlos
  carol caroline catherine charles charlie chen chloe chris christina christopher claire daniel
  david deborah dennis diana diego dmitri donna dylan ed edward elena eli elizabeth ella emily
  emma eric ethan eva fatima felix fiona frank gabriel gary george grace hannah harry helen henry
  hiro hugo ian isaac isabel jack jacob james jane jason jean jeff jennifer jessica jim joe john
  jonathan jose joseph josh joshua juan julia julie karen kate katie kelly ken kevin kim laura leo
  liam linda lisa liz lucas lucy luis luke maria mark martin mary matt matthew max maya megan
  mei melissa mia michael michelle mike mohammed nancy natalie nathan nick nicole nina noah
  olivia omar oscar owen pablo patricia paul peter priya rachel rahul raj ravi rebecca richard
  rob robert ryan sam samuel sandra sara sarah scott sean sophia sophie stephen steve susan tanya
  thomas tim tom tony victor wei william yuki zoe`.split(/\s+/),
);
