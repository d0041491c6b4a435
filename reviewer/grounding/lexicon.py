"""The default detector's word classes: each list of words its readings look for, once.

Plain data, read at import at no cost: a class name -> the words (or phrases) it holds, in
the order the readings wrote them (an alternation built from a class tries its words in
this order). The readings in default.py, prose.py, names.py and default_scanner.py take
their sets (`words`) and alternations (`alternation`) from here and define none of their
own (tests/core/test_lexicon.py holds them to it); `TABLES` holds the few that map a word
to what a reading takes it for (a cadence to its period, a word to its synonyms). Classes
are grouped by the module that reads them first; a class that looks like another
(plan_words, plan_nouns, plan_headers) holds what its own reading needs, and merging two
would change flags.

A config's `[lexicon]` table adds words to a class for one detector. Only the classes in
`EXTENDABLE` take them: their words are read by a reading that added_words.py makes for
the detector (plan_words by plan.word, past_words by past.words, others by
other.someone-else, plan_nouns_after by plan.noun-after, negative_words and positive_words
by sign.word, approximate_words by approximate.around). Every other class is read inside
patterns and sets built once at import and shared by every detector in the process, so a
config's words cannot reach them yet: they can once the readings take their words from
the detector rather than from module constants.
"""

from __future__ import annotations

# fmt: off
WORDS: dict[str, tuple[str, ...]] = {
    # ---- read by default ----
    # units too common to say which quantity a number is (none, pct)
    "generic_units": ("none", "pct"),
    # the last words of a span to date ("year-to-date", "YTD", "lifetime"): the span gate
    "span_words": ("date", "ytd", "qtd", "mtd", "wtd", "dtd", "lifetime", "time", "cumulative"),
    # units of time written as plural nouns: a count of them is a duration, not an amount
    "time_plurals": (
        "seconds", "minutes", "mins", "hours", "hrs", "days", "nights", "weeks", "months",
        "quarters", "years", "sprints", "sessions", "runs", "shifts",
    ),
    # the currencies a symbol may write, and every code they name
    "dollar_codes": ("usd", "cad", "aud", "nzd", "sgd", "hkd", "mxn"),
    # the currencies a symbol may write, and every code they name
    "euro_codes": ("eur",),
    # the currencies a symbol may write, and every code they name
    "pound_codes": ("gbp",),
    # the currencies a symbol may write, and every code they name
    "yen_codes": ("jpy", "cny"),
    # words that make a figure a yearly one (ARR, annualized, per year)
    "annual_words": ("arr", "annual", "annualized", "yearly", "year", "ytd", "yr"),
    # plural nouns of money: "$4k in sales" is an amount of them, not a count
    "money_plurals": (
        "sales", "earnings", "revenues", "savings", "expenses", "costs", "fees", "payments",
        "bookings", "receipts", "funds", "proceeds", "profits", "losses", "assets", "liabilities",
        "payables", "receivables", "billings", "refunds", "credits", "taxes", "wages", "salaries",
        "dues", "arrears",
    ),
    # words of the system a dashboard's statistics are of: "API p95" is its p95 latency
    "system_words": (
        "api", "service", "server", "backend", "app", "site", "overall", "global", "request",
        "http", "web",
    ),
    # words after a value that moved that say where it is now ("peaked at 4.1% and is now
    # 2.04%"; "settl" begins the forms of "settle")
    "settle_words": (
        "now", "since", "back", "settl", "currently", "recovered", "returned", "drained",
        "eased", "cleared", "today", "morning", "tonight",
    ),
    # words of an extreme a number may be (a peak, the longest, a record)
    "extreme_words": (
        "max", "maximum", "peak", "highest", "lowest", "min", "minimum", "top", "best", "worst",
        "longest", "shortest", "fastest", "slowest", "biggest", "largest", "smallest", "record",
    ),
    # forms of "be" that link a name to its number
    "copulas": ("is", "was", "were", "are", "be"),
    # what an extreme may pick among, its number that item's measure: "your longest run: 4.4 mi"
    "items": (
        "run", "runs", "ride", "rides", "walk", "swim", "session", "sessions", "workout",
        "workouts", "race", "effort", "day", "days", "week", "weeks", "month", "months", "night",
        "nights", "block", "quarter", "ever",
    ),
    # a workout's verbs: as a label they still give the workout prescribed
    "workout_verbs": ("do", "run", "jog", "walk", "ride", "swim", "go"),
    # words of a table's column header that make its cells past values
    "past_headers": (
        "last", "prev", "previous", "prior", "yesterday", "before", "was", "old", "then",
    ),
    # words of a table's column header that make its cells plans
    "plan_headers": (
        "target", "targets", "goal", "goals", "plan", "planned", "budget", "forecast", "projected",
        "expected", "limit", "threshold", "slo",
    ),
    # words after a name that leave it the whole noun phrase
    "phrase_goes_on": (
        "this", "that", "today", "tonight", "now", "yesterday", "overnight", "so", "and", "or",
        "but", "at", "on", "in", "for", "from", "to", "with", "by", "over", "after", "before",
        "since", "during", "as", "is", "was", "are", "were", "has", "had", "remains", "sits",
        "stands", "held", "came", "left", "overall", "right", "currently", "again", "too", "figure",
        "number", "reading", "value", "level", "score", "rate", "total", "count",
    ),
    # a name that a preposition and a determiner put in a phrase qualifying the name before it
    "determiners_before_a_modifier": (
        "the", "your", "this", "that", "today's", "today’s", "yesterday's", "yesterday’s", "last",
        "each", "every",
    ),
    # right before the name, or before "of" it ("the recommended amount of deep sleep")
    "norms": ("typical", "normal", "healthy", "ideal", "recommended", "optimal"),
    # capitalised words before 's that name a time or a thing, not someone else
    "not_someone": (
        "today", "tonight", "yesterday", "tomorrow", "this", "last", "next", "monday", "tuesday",
        "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march",
        "april", "may", "june", "july", "august", "september", "october", "november", "december",
        "week", "month", "year", "night", "morning", "run", "team", "company", "quarter",
        # "That's a 167 bps gain": a verb, no possessive
        "that", "it", "there", "here", "what", "who", "he", "she", "let", "where", "everything",
        "nothing", "something",
    ),
    # words an average over a window of days ends with: "7-day average", "30-day avg"
    "window_words": ("average", "avg", "mean"),
    # the first words of a segment said after a name: the segment pattern's gate
    "segment_prepositions": ("among", "for", "on", "in", "from", "per", "by"),
    # nouns of how a whole is split: "the channel mix"
    "split_words": (
        "share", "split", "mix", "breakdown", "distribution", "composition", "allocation",
    ),
    # superlatives that pick one of many: "your longest run"
    "extremes_of_many": (
        "best", "top", "worst", "biggest", "largest", "smallest", "highest", "lowest", "busiest",
        "noisiest", "longest", "shortest", "hardest", "easiest", "fastest", "slowest", "strongest",
        "weakest",
    ),
    # the days of the week, short, in their order
    "weekday_abbreviations": ("mon", "tue", "wed", "thu", "fri", "sat", "sun"),
    # search"
    "segment_phrases": (
        "peak", "max", "maximum", "minimum", "highest", "top", "best", "worst", "worst-case",
        "record", "longest", "shortest", "fastest", "slowest", "all-time high", "all-time low",
        "record high", "record low", "personal best for", "best for", "worst for", "record for",
        "best day for", "best week for", "best month for", "worst day for", "worst week for",
        "peak day for", "biggest", "largest", "budgeted", "enterprise", "smb", "ios", "android",
        "web", "mobile", "desktop", "free-tier", "premium", "power-user", "annual-plan", "organic",
        "referral", "deferred", "unearned", "google", "meta", "facebook", "instagram", "tiktok",
        "linkedin", "youtube", "bing", "display", "affiliate", "retargeting", "paid social",
        "paid search", "google search", "google ads", "google display", "meta ads", "facebook ads",
        "bing ads", "linkedin ads", "tiktok ads", "youtube ads",
        # a heart rate at rest is another than the average: "Resting HR averaged"
        "resting", "sleeping",
        # a return on a quantity is a ratio of it: "Return on ad spend was 3.2"
        "return on", "return on ad", "returns on", "accrued", "churned", "expansion",
        # a severity or a priority picks a class of them: "3 P1 alerts"
        "critical", "major", "minor", "urgent", "paging", "non-paging", "high-priority",
        "low-priority", "high-severity", "low-severity", "customer-facing", "p0", "p1", "p2", "p3",
        "p4", "sev0", "sev1", "sev2", "sev3", "sev4", "sev-0", "sev-1", "sev-2", "sev-3", "sev-4",
        # a state or a kind picks some of them: "4 resolved incidents", "9 noisy
        # alerts", "2 brief awakenings" (but open ones may be all a count holds:
        # "6 open incidents")
        "resolved", "closed", "acknowledged", "unacknowledged", "muted", "silenced", "snoozed",
        "pending", "paused", "noisy", "flaky", "duplicate", "brief", "disputed",
        # an increment of them: "12,000 extra daily actives", "2 additional
        # incidents"
        "extra", "additional", "incremental",
    ),
    # verbs that change a set's members: "we removed 12 alerts"
    "set_verbs": (
        "added", "removed", "retired", "deleted", "archived", "silenced", "muted", "disabled",
        "decommissioned", "closed", "cut",
    ),
    # a population, a person named by a possessive or a benchmark: someone else's value
    "others": (
        "runners", "people", "adults", "athletes", "others", "men", "women", "peers", "partner's",
        "partner’s", "friend's", "friend’s", "population", "teammates", "competitor", "competitors",
        "competitor's", "competitor’s", "industry", "benchmark", "benchmarks", "leaders",
        "marathoners", "pros", "elites", "median", "medians", "peer", "cohort", "apps", "companies",
        "startups", "comps", "top-quartile", "bottom-quartile", "person's", "person’s", "age",
    ),
    # a person of the reader's life, or a rival (alone or with 's): "Your friend Ana ran 3.3 mi"
    "people_in_your_life": (
        "friend", "partner", "coach", "teammate", "wife", "husband", "spouse", "roommate", "sister",
        "brother", "kid", "son", "daughter", "colleague", "coworker", "rival",
    ),
    # words between an article and an extreme's noun: "a new all-time high"
    "extreme_modifiers": (
        "daily", "weekly", "nightly", "monthly", "brief", "short", "new", "all-time",
    ),
    # determiners that open a clause's noun phrase: "Our p95 is"
    "noun_phrase_openers": ("the", "our", "your", "its", "their", "this", "today's", "this week's"),
    # the endings of short weekday names in a table's cells: "Tue", "Tues", "Thurs"
    "weekday_endings": ("day", "sday", "nesday", "rsday", "urday", "s", "r", "rs"),
    # words after "That's"/"This is" before the number: "That's up 7.5%"
    "after_demonstrative": (
        "up", "down", "a", "an", "another", "roughly", "about", "nearly", "almost", "just", "only",
        "now",
    ),
    # verbs linking a list's item to its figure: "A and B were 3 and 4"
    "item_linking_verbs": (
        "were", "are", "was", "is", "sat", "sit", "came", "stood", "stand", "hit", "read", "ran",
    ),
    # periods after "last" in a past time: "last night", "last cycle"
    "past_time_periods": (
        "week", "month", "quarter", "year", "season", "sprint", "cycle", "night", "time",
    ),
    # counts of periods in a past time: "a week ago", "three months ago"
    "past_time_counts": ("a", "an", "one", "two", "three", "four", "five", "six"),
    # periods after "this" in a time now: "this morning", "this sprint"
    "now_periods": ("morning", "week", "month", "quarter", "year", "season", "sprint", "cycle"),
    # words between the time now and the value: "54 last week, it's at 87 this week"
    "now_links": ("it", "is", "was", "sits", "stands", "at", "just", "only", "now", "currently"),
    # words before a settling verb: "and has since recovered to"
    "settled_links": ("it", "is", "are", "has", "have", "had", "been", "since"),
    # prepositions that put a name in a phrase qualifying the name before it
    "modifier_prepositions": (
        "of", "during", "on", "in", "after", "from", "for", "before", "among", "across",
    ),
    # periods a change is measured from: "up 7.5% from last week", "on last month"
    "change_base_periods": (
        "week", "month", "quarter", "year", "sprint", "day", "night", "release",
    ),
    # units of time after a noun and a count: "120 agent hours", "40 engineer-days"
    "counted_times": ("hours", "hrs", "minutes", "mins", "days", "weeks", "months", "years"),
    # kinds of days a count is of: "4 workdays", "3 nights"
    "days_of_a_kind": (
        "days", "nights", "weekends", "weekdays", "workdays", "weeknights", "mornings", "evenings",
    ),
    # units of time after "per" that make a rate, not a segment: "per week"
    "segment_time_units": (
        "day", "week", "month", "year", "quarter", "hour", "minute", "second", "night",
    ),
    # number words that count a few things: "three invoices worth $4k"
    "small_number_words": (
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "several", "both",
    ),
    # verbs by which one of many states its figure: "Email drove 96 signups"
    "one_of_many_verbs": (
        "had", "has", "was", "is", "got", "saw", "drove", "delivered", "brought", "posted", "hit",
        "reached", "ran", "came", "fired", "paid", "averaged", "gave", "logged", "recorded",
        "scored", "converted", "churned", "retained", "slept", "burns", "burned", "leaves", "left",
        "brings", "drives", "delivers",
    ),
    # verbs after "it" by which a pronoun states a value: "it landed at 61"
    "it_states_verbs": (
        "landed", "held", "reads", "read", "hit", "reached", "came", "went", "settled", "ended",
        "finished", "averaged", "totaled", "totalled",
    ),
    # words that are no label's noun between a name and its number ("in region 2" is one)
    "not_label_nouns": (
        "at", "to", "of", "in", "on", "for", "by", "from", "with", "about", "around", "over",
        "under", "near", "just", "only", "roughly", "nearly", "almost", "least", "most", "a", "an",
        "the", "today", "tonight", "yesterday", "now", "total", "all", "average", "full", "short",
        "sum",
    ),
    # words of a value settling after a moment: "and is now back to", "before settling at"
    "settling_words": (
        "recovered", "returned", "eased", "drained", "cleared", "fell", "dropped", "came", "stands",
        "sits", "holds", "held", "at", "to", "around", "near", "this", "morning", "today",
        "tonight", "bounced", "rebounded", "rose", "climbed", "rallied", "crept", "ticked", "went",
        "sank", "dipped", "jumped",
    ),
    # what a series of values spans: "over 3 nights", "across 4 sprints"
    "series_spans": (
        "days", "nights", "weeks", "months", "quarters", "years", "mornings", "evenings", "hours",
        "runs", "sessions", "surveys", "readings", "sprints", "releases",
    ),
    # capitalised words after a colon that are no part's label: "Sleep: Today 7 h"
    "not_part_labels": (
        "Today", "Tonight", "Now", "About", "Around", "Roughly", "Just", "Only", "Still", "Up",
        "Down", "Yesterday", "This", "Last", "Currently", "Approximately", "Nearly", "Almost",
        "Total", "Overall", "Net",
    ),
    # nouns of an opening turn of speech: "On the load side,", "On that note,"
    "turn_of_speech_nouns": (
        "side", "sides", "front", "note", "topic", "hand", "whole", "level", "basis", "track",
        "way",
    ),
    # segments that own a figure by possessive: "Variant B's", "the payments service's"
    "segment_possessors": (
        "variant", "arm", "cohort", "bucket", "group", "segment", "region", "service", "cluster",
        "entity", "tier", "plan", "channel", "platform", "market",
    ),
    # nouns of a segment a figure may be "by" or "per": "conversion by channel"
    "segment_nouns": (
        "channel", "platform", "region", "country", "plan", "tier", "source", "segment", "cohort",
        "device", "market", "team", "product", "customer", "browser", "os", "bank", "account",
        "entity", "entities", "currency", "currencies", "vendor", "category", "categories",
        "department", "endpoint", "service", "route", "host", "node", "severity", "severities",
        "step", "stage", "version", "feature", "page", "screen", "shoe",
    ),
    # ad channels, plans and platforms that name one of many: "Android saw 2.2%"
    "channels_and_platforms": (
        "google", "meta", "facebook", "instagram", "tiktok", "linkedin", "youtube", "bing",
        "display", "retargeting", "sms", "push", "enterprise", "smb", "mid-market", "mobile", "web",
        "desktop", "ios", "android",
    ),
    # words after an opening "In"/"On"/"For" that make a time or a turn of speech: "In total,"
    "not_segments": (
        "today", "yesterday", "tonight", "tomorrow", "total", "short", "sum", "general",
        "particular", "addition", "contrast", "comparison", "practice", "fact", "turn", "response",
        "summary", "aggregate", "all", "average", "brief", "effect", "part", "other", "any", "each",
        "this", "last", "next", "past", "first", "week", "weeks", "month", "months", "quarter",
        "quarters", "year", "years", "day", "days", "night", "nights", "morning", "evening",
        "afternoon", "period", "meantime", "end", "whole", "main", "now", "time", "case",
        "light", "view", "spite", "line", "order", "theory", "my", "plain",
    ),
    # segments a figure may be "on" or "for" after its name: "NPS among power users"
    "segments_after": (
        "ios", "android", "web", "mobile", "desktop", "enterprise", "smb", "free", "paid", "trial",
        "premium", "power", "annual", "test", "control", "treatment", "variant", "canary",
        "staging", "beta",
    ),
    # arms of an experiment that name one of many: "Variant B converted at 2.9%"
    "experiment_arms": (
        "variant", "cohort", "bucket", "scenario", "canary", "treatment", "control", "holdout",
        "group", "arm",
    ),
    # the periods of a calendar: "month-to-date", "year over year"
    "calendar_periods": ("day", "week", "month", "quarter", "year"),
    # verbs before a set's change: "12 alerts were muted"
    "set_changed_links": ("were", "was", "are", "is", "got"),
    # the article and the possessive determiners: "the", "your", "its"
    "definite_determiners": ("our", "the", "your", "their", "its"),
    # nouns after a channel that name one of many: "mobile users"
    "one_of_many_nouns": ("traffic", "users", "customers", "accounts", "ads"),
    # plural nouns of an extreme: "highs of 84"
    "extreme_nouns_plural": ("peaks", "highs", "lows", "spikes", "maxes", "troughs"),
    # nouns of an extreme: "a peak of 84", "its low"
    "extreme_nouns": ("peak", "high", "low", "spike", "max", "trough"),
    # words between an extreme and its value: "a peak of 84"
    "extreme_links": ("of", "near", "around", "at", "to"),
    # words that join two statistics after a percentile: "p50 and p95"
    "percentile_joiners": ("and", "or", "but", "vs", "while", "with"),
    # words before a period of an average: "a night", "per week"
    "per_words_before": ("a", "an", "per", "each", "every"),
    # periods of an average per period: "a night", "per week"
    "per_periods": ("night", "day", "week", "wk", "month", "mo"),
    # prepositions before past days a value is of: "after two low days (52 and 55)"
    "past_days_prepositions": ("after", "over", "across", "during", "from", "for", "in"),
    # nouns of past days a value is of: "after two low days (52 and 55)"
    "past_day_nouns": ("days", "nights", "weeks", "sessions", "runs"),
    # short weekdays after Monday (in a table's period cell)
    "weekdays_short_after_monday": ("tue", "wed", "thu", "fri", "sat", "sun"),
    # periods after "this"/"last" before a pronoun's verb: "this week it is at 61"
    "pronoun_periods": ("week", "month", "morning", "quarter", "sprint"),
    # the article and the possessives of a person: "the", "your", "my"
    "person_determiners": ("your", "the", "our", "my", "their"),
    # determiners and articles before a noun: "the", "a", "your"
    "determiners_with_articles": ("the", "your", "our", "a", "an", "its", "their"),
    # periods in "the day before", "the week before": a past time
    "past_periods_ago": ("day", "night", "week", "month", "quarter"),
    # prepositions that introduce a period: "over the last 7 days"
    "period_intro_prepositions": ("over", "for", "in", "across", "during", "through"),
    # words that open a window of periods: "the last 7 days"
    "window_openers_period": ("last", "past", "previous", "first", "final"),
    # prepositions before a label's noun: "in region 2", "at day 7"
    "label_prepositions": ("in", "on", "at", "for", "during", "from"),
    # periods told by their number: "week 2", "day 3"
    "numbered_periods": ("week", "wk", "day", "hour", "month"),
    # joiners before a value settling: "and is now", "before settling at"
    "settling_joiners": ("and", "but", "before", "then", "yet"),
    # words before a settling verb: "and you're back down to"
    "settled_words": ("you", "we", "now", "currently", "back", "down", "up"),
    # words after "averaged": "averaged out at 52"
    "averaged_out_words": ("out", "at", "about", "around", "near", "just"),
    # words that end a list's item: "A at 3 and B at 4"
    "item_end_joiners": ("and", "but", "while", "whereas", "yet", "with"),
    # prepositions before a series' span: "over 3 nights"
    "series_prepositions": ("over", "across", "in", "on", "for", "during"),
    # prepositions of the base a change is measured from: "up 7.5% from last week"
    "change_base_prepositions": ("from", "on", "over", "since", "versus"),
    # periods of a rolling window: "7-day average", "30d avg"
    "window_periods": ("day", "night", "week", "month", "d", "wk", "mo"),
    # words between things counted and their amount: "3 invoices worth $4k"
    "amount_words": ("worth", "totalling", "totaling", "costing", "cost", "for"),
    # words that make a value rough: "about 84"
    "rough_words": ("about", "around", "roughly", "nearly", "almost"),
    # short forms of a change over a period: "WoW", "YoY", "overnight"
    "over_period_words": ("wow", "mom", "dod", "yoy", "qoq", "overnight"),
    # words between a pronoun's verb and its value: "it is now at 61"
    "pronoun_value_links": ("at", "to", "now", "only", "just", "currently", "still"),
    # adverbs of what is usual: an aside "usually 58" gives a norm
    "usual_adverbs": (
        "usually", "normally", "typically", "often", "generally", "historically", "traditionally",
    ),
    # verbs after "it" that state its value: "it sits at 61"
    "it_is_verbs": ("is", "was", "sits", "sat", "stands", "stood"),
    # words of what a value is measured on: "NPS, from 412 responses,"
    "measured_on_words": ("from", "on", "across", "over", "with"),
    # prepositions that open a segment at a sentence's start: "Within the EU cluster,"
    "segment_openers": ("among", "in", "for", "on", "within"),
    # nouns of a baseline before its value: "baseline 58", "your usual is 58"
    "baseline_nouns": ("baseline", "usual", "normal", "norm"),
    # words of an increment: "12,000 extra daily actives"
    "increment_words": ("extra", "additional", "incremental"),
    # words of a statistic said alone: "median 203 ms"
    "statistic_words": ("median", "mean", "average", "avg"),
    # kinds of a window of days: "30-day rolling avg"
    "window_kinds": ("rolling", "trailing", "moving"),
    # ---- read by prose ----
    # words that make the number they come before a plan, a wish or a prediction
    "plan_words": (
        "can",  # "it can cost you 20 minutes of deep sleep": what may happen
        "budgeting",
        "due",  # "Tax payment of $22k is due on the 15th": owed, not yet a value
        "plan", "plans", "planned", "planning", "target", "targets", "targeting", "targeted", "aim",
        "aims", "aiming", "goal", "goals", "next", "tomorrow", "tonight", "should", "try", "want",
        "wants", "push", "cap", "limit", "budget", "budgeted", "forecast", "forecasts", "expect",
        "expects", "expected", "projected", "projection", "projecting", "scheduled", "upcoming",
        "would", "might", "could", "will", "need", "needs", "must", "hope", "ideally", "keep",
        "hold", "stay", "if", "unless", "shoot", "recommend", "recommended", "suggest",
        "suggests", "suggested", "recommends", "prescribed", "ceiling", "floor",
        # a wish or an intention written with a contracted modal ("we'd like", "I'll")
        "we'd", "i'd", "you'd", "we'll", "i'll", "you'll", "let's", "once", "until", "whenever",
        "objective", "objectives", "okr", "okrs", "slo", "slos", "sla", "threshold", "thresholds",
        "guidance", "promise", "promises", "promised", "commit", "commits", "committed", "schedule",
        "calendar", "prescription", "est", "toward", "towards", "allowed", "permitted", "intend",
        "intends", "fires", "triggers", "kicks", "alerting",
        # a prediction or an assumption: "the model predicts 780 ms"
        "predict", "predicts", "predicted", "predicting", "prediction", "predictions", "assume",
        "assumes", "assumed", "assuming", "assumption", "assumptions", "modelled", "modeled",
        "simulated",
    ),
    # a plan's verb at the start of the clause, a few words before its number ("Do 20 minutes")
    "imperatives": (
        "do", "run", "jog", "walk", "ride", "swim", "add", "take", "spend", "hold", "keep", "stay",
        "cap", "limit", "go", "try", "make", "finish", "start", "include", "repeat", "follow",
        "get", "bank", "aim", "plan", "schedule", "target", "push", "build", "drink", "eat", "skip",
        "cut", "ease", "shoot", "pencil", "book", "use", "allow", "give", "save", "spread", "stick",
        "pull", "cover", "log", "hit", "have", "let", "bring", "put", "lock", "set",
    ),
    # nouns of a plan: a label or a subject of one gives a planned figure
    "plan_nouns": (
        "goal", "goals", "plan", "plans", "target", "targets", "aim", "budget", "forecast",
        "projection", "limit", "cap", "ceiling", "floor", "objective", "okr", "slo", "sla",
        "threshold", "guidance", "schedule", "prescription", "minimum", "maximum", "bar",
        "projected", "predicted", "modelled", "modeled", "simulated",
    ),
    # what gives a projection, not a measurement: "The simulation shows 780 ms"
    "projectors": (
        "simulation", "simulations", "scenario", "scenarios", "outlook", "extrapolation",
        "projection", "projections", "forecast", "forecasts",
    ),
    # words that give a projection only when quoted: 'The model says "$170,000 a month"'
    "quoted_projectors": ("model", "models", "estimate", "estimates"),
    # verbs by which a model or a forecast says its projection
    "saying_verbs": (
        "says", "said", "say", "puts", "put", "predicts", "predicted", "shows", "showed", "implies",
        "implied", "assumes", "assumed", "gives", "gave", "suggests", "suggested", "expects",
        "sees", "saw", "has", "had",
    ),
    # a time word that is a plan's unless a statement reports it: "Aim for 90 min tonight"
    "reported_times": ("tonight",),
    # verbs that make a clause a statement, not an order ("Spend came to $1,240")
    "finite": (
        "is", "was", "are", "were", "came", "comes", "has", "had", "hit", "reached", "rose", "fell",
        "stood", "stands", "sat", "sits", "landed", "ended", "closed", "totalled", "totaled", "ran",
        "went", "hovered", "averaged", "peaked",
    ),
    # words of a time to come or an ideal: a clause with one is no label of a value
    "not_labels": ("tomorrow", "tonight", "next", "later", "upcoming", "ideal", "ideally"),
    # a time to come, as the owner of what follows: "Tomorrow's run: 5 miles easy"
    "planned_possessives": ("tomorrow's", "tomorrow’s", "tonight's", "tonight’s"),
    # pronouns of a part of the whole told before: "of which 2,100", "of whom 75,000"
    "of_which_words": ("which", "whom", "these", "those", "them"),
    # words ending in s before "out of" that are not plural nouns
    "scale_not_plurals": ("this", "thus", "plus", "less", "across", "unless", "whereas"),
    # words a number after them names a version, an item or a step of (v2, week 3)
    "ordinal_words": (
        "build", "version", "v", "release", "firmware", "ios", "android", "model", "series", "gen",
        "generation", "mark", "mk", "edition", "postgres", "postgresql", "python", "node",
        "kubernetes", "chrome", "windows", "macos", "block", "week", "day", "phase", "lap", "rep",
        "set", "round", "stage", "game", "sprint", "chapter", "page", "line", "zone", "level",
        "tier", "rank", "top", "no", "number", "room", "floor", "gate", "issue", "ticket", "pr",
        "incident", "item", "mile", "step", "cycle", "night", "port", "interval", "slide", "figure",
        "table", "section", "grade", "class", "cohort", "batch", "wave", "iteration", "season",
        "episode", "part", "lesson", "module", "group", "squad", "pod", "shard", "api", "q",
        "quarter", "hole", "box", "bay", "lane", "seat", "order", "account", "invoice", "case",
        "job", "route", "bus", "flight", "heat", "test", "priority", "severity", "sev",
        "tranche", "region", "cluster",
    ),
    # "up" ends one too, and is a sign word already
    "phrase_ends": ("back", "off"),
    # words that are only a sign ("minus 5"), not a direction of change
    "pure_signs": ("minus", "negative", "plus", "positive"),
    # verbs that lower what they are said of: "We cut p95 by 10.6%" is a fall of 10.6%
    "lowering_verbs": (
        "cut", "reduced", "lowered", "trimmed", "dropped", "slashed", "decreased", "shaved",
        "dented",
    ),
    # words after a pure sign word that keep it a sign
    "after_pure": ("deficit", "negative", "surplus", "positive", "loss", "losses", "short", "shy"),
    # words after a number that make it negative (a loss, lower, short of)
    "after_negative": (
        "loss", "losses", "short", "shy", "lower", "less", "fewer", "below", "under", "down",
        "shorter", "slower", "smaller", "lighter", "deficit", "negative", "cooler", "colder",
        "narrower", "thinner", "worse", "hit", "decline", "drop", "decrease", "dip", "slide",
        "slump", "plunge", "reduction", "contraction", "downturn", "downtick",
    ),
    # words after a number that judge its change: "10.6% faster" (down, for a latency)
    "after_verdicts": ("better", "worse", "faster", "slower"),
    # an amount of money a loss is said to be: the loss its subject, plain words between
    "loss_words": ("loss", "losses", "deficit", "shortfall"),
    # a plan's label that reports how the plan went ("Budget vs actual:", "Goal progress:")
    "not_plan_label": (
        "actual", "actuals", "vs", "versus", "progress", "far", "date", "met", "hit", "missed",
        "status",
    ),
    # verbs that begin a step after a label: "Follow-ups: lower the queue alarm to 5,000"
    "step_verbs": (
        "raise", "lower", "trim", "bump", "reduce", "increase", "decrease", "grow", "double",
        "move", "reach", "ship", "test",
    ),
    # the modals a bare verb follows ("will hit", "could reach"): the modal decides
    "modal_words": (
        "will", "would", "could", "should", "might", "may", "must", "can", "shall", "won't",
        "wouldn't", "won’t", "wouldn’t",
    ),
    # verbs of a request for a value: "asked for 18 months", "requested 99.95% uptime"
    "asking": ("asked", "asks", "asking", "requested", "requesting", "demanded", "demanding"),
    # a threshold a condition names: "when error rate exceeds 5%", "once HRV drops below 40"
    "when_words": ("when", "whenever", "once", "if", "until", "unless", "before"),
    # words that open a supposition: "If conversion reached 4.1%", "At a $150k burn"
    "supposing": ("if", "unless", "were", "should", "assuming", "at", "with"),
    # the words that open a window of items before its size: "your last 3 runs"
    "window_openers": ("last", "past", "previous", "first", "next", "final"),
    # the first words of a condition: "If we close the round, runway extends to 36 months"
    "conditions": ("if", "unless", "assuming", "supposing", "suppose"),
    # and of one `_RANGE_BEFORE` ends without a dash: the word between the two numbers
    "range_last": ("to", "or", "and", "through", "usd", "eur", "gbp", "us"),
    # words that join the two ends of a range
    "range_words": ("to", "or", "and", "through", "between"),
    # what makes a plan's noun a measurement: "budget left", "target met"
    "spent_words": (
        "left", "remaining", "used", "spent", "consumed", "burned", "burnt", "met", "hit", "missed",
        "reached",
    ),
    # past forms and contractions that report what happened, besides FINITE
    "reporting_verbs": (
        "got", "slept", "spent", "took", "made", "kept", "held", "did", "saw", "woke", "lost",
        "won", "it's", "you're", "we're", "that's", "you've", "we've", "i've", "i'm", "they're",
    ),
    # words before "number" that make it a verb: "Overdue invoices now number 13"
    "number_verb_before": (
        "now", "still", "currently", "already", "together", "also", "only", "collectively",
        "combined", "total",
    ),
    # words ending in s that are not plural nouns
    "not_plurals": ("is", "was", "its", "his", "this", "has", "does", "as", "us", "yes"),
    # particles after a move's verb, read back to the verb ("fell back down")
    "verb_particles_back": ("back", "down", "up", "out", "all", "the", "way", "right"),
    # past forms of moves that end in no -ed (rose, fell, came)
    "past_moves": (
        "rose", "fell", "grew", "came", "went", "sank", "shrank", "slid", "swung", "shot", "crept",
        "got", "was", "were",
    ),
    # words of the present or a past just gone, before a time to come
    "now_words": ("today", "now", "currently", "yesterday", "this", "last", "so"),
    # periods "next" may name as a time to come (next week, next sprint)
    "coming_periods": (
        "week", "weekend", "month", "quarter", "year", "block", "sprint", "cycle", "session", "run",
        "workout", "release", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
        "sunday",
    ),
    # words that make the words before "N times" more than its verb: "were chased 3 times"
    "not_its_verb": (
        "is", "was", "are", "were", "be", "been", "being", "get", "got", "the", "a", "an", "this",
        "that", "these", "those", "each", "every", "all", "some", "on", "in", "at", "for", "with",
        "by", "from", "of", "over", "under", "across", "per", "to", "after", "before", "during",
        "than", "and", "or", "but", "doubled", "tripled", "halved", "quadrupled", "no", "not",
        "never",
    ),
    # personal pronouns that may be a clause's subject
    "subject_pronouns": ("we", "you", "i", "they", "he", "she", "it"),
    # words of a loss or an outflow in a pool name: its sign is in the name ("net_loss", "burn")
    "outflow_words": (
        "burn", "loss", "losses", "deficit", "shortfall", "outflow", "outflows", "spend",
        "spending", "expense", "expenses", "opex", "cost", "costs",
    ),
    # ...but a change of one has a sign of its own ("burn_change -5": burn fell)
    "change_name_words": (
        "change", "changes", "delta", "growth", "diff", "trend", "variance", "yoy", "qoq", "mom",
        "wow", "dod",
    ),
    # words that judge a change rather than say its direction ("improved", "worse")
    "verdicts": (
        "improved", "improves", "improving", "better", "worse", "worsened", "worsens", "regressed",
        "regresses", "deteriorated",
    ),
    # the last words of a clause a bound ends: a bound's word, "minus", or a prefix unit's letters
    "bound_last": (
        "below", "under", "above", "beyond", "over", "within", "most", "least", "than", "to", "as",
        "around", "about", "roughly", "approximately", "nearly", "almost", "of", "like", "between",
        "from", "at", "past", "nearer", "minus", "negative", "usd", "eur", "gbp", "us", "exceeded",
        "exceeds", "topped", "tops", "crossed", "crosses", "surpassed", "surpasses", "circa",
        "approx", "ballpark",
    ),
    # words that place a value in the past ("a week ago" needs "ago", "at the start" "start")
    "past_words": (
        "previously", "previous", "prior", "earlier", "formerly", "former", "used", "started",
        "began", "opened", "before", "last", "ago", "originally", "start", "back",
    ),
    # the days of the week
    "weekdays": ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
    # the months, in full
    "months": (
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december",
    ),
    # the seasons
    "seasons": ("spring", "summer", "autumn", "fall", "winter"),
    # nouns of a plan after its figure ("against a $100k budget")
    "plan_nouns_after": (
        "budget", "plan", "forecast", "cap", "limit", "ceiling", "quota", "threshold", "target",
        "goal", "slo", "sla", "benchmark",
    ),
    # words of a move before its size: "fell 15 to 52"
    "move_words": (
        "up", "down", "rose", "fell", "climbed", "dropped", "jumped", "slipped", "grew", "gained",
        "lost", "shed", "added", "declined", "increased", "decreased", "improved", "worsened",
        "narrowed", "widened", "eased", "cut", "trimmed", "sank", "shrank", "slid", "dipped",
        "soared", "surged", "tumbled", "plunged", "expanded", "contracted", "rebounded",
        "recovered",
    ),
    # verbs of a change in any tense: "rose 15", "is rising"
    "change_verbs": (
        "rose", "rise", "rises", "rising", "climbed", "climbs", "climbing", "grew", "grows",
        "growing", "gained", "gains", "jumped", "jumps", "increased", "increases", "improved",
        "improves", "went", "moved", "fell", "falls", "falling", "dropped", "drops", "dropping",
        "declined", "declines", "decreased", "decreases", "dipped", "dips", "slipped", "slips",
        "slid", "sank", "shrank", "shrunk", "came", "ticked", "crept", "edged", "swung", "shifted",
        "changed", "recovered", "spiked", "surged", "plunged", "tumbled", "eased", "cooled",
        "warmed", "bounced", "trended", "trending", "moving", "rebounded", "narrowed", "widened",
        "varied", "narrows", "narrowing", "widens", "widening", "compressed", "eroded", "erodes",
        "eases", "cools", "warms", "softened", "softens", "weakened", "weakens", "retreated",
        "retreats", "receded", "recedes", "sagged", "sags", "slumped", "slumps", "contracted",
        "contracts", "contracting", "shrinking", "dwindled", "expanded", "expands", "expanding",
        "soared", "soars", "rallied", "rallies", "ballooned", "balloons", "swelled", "swells",
        "strengthened", "strengthens", "lifted", "lifts", "boosted", "boosts",
    ),
    # words that make the number after them negative: "down 5", "a loss of 3"
    "negative_words": (
        "minus", "negative", "down", "fell", "dropped", "declined", "decreased", "dipped",
        "slipped", "slid", "sank", "shrank", "shrunk", "lost", "loss", "trailed", "trails",
        "trailing", "deficit", "shed", "contracted", "reduced", "cut", "lower", "worse", "behind",
        "fallen", "decline", "drop", "dip", "falls", "drops", "declines", "dips", "slips",
        "tumbled", "plunged", "worsened", "worsens", "regressed", "regresses", "deteriorated",
        "shortfall",
        # verbs of decrease: "margin narrowed by 167 bps", "latency eased 10.6%"
        "narrowed", "narrows", "narrowing", "compressed", "eroded", "erodes", "eased", "eases",
        "cooled", "cools", "softened", "softens", "weakened", "weakens", "retreated", "retreats",
        "receded", "recedes", "sagged", "sags", "slumped", "slumps", "contracts", "contracting",
        "shrinking", "dwindled",
        # verbs that lower what they are said of: "We trimmed p95 by 10.6%"
        "trimmed", "slashed", "lowered", "shaved",
    ),
    # words that make the number after them positive: "up 5", "gained 3"
    "positive_words": (
        "plus", "positive", "up", "rose", "gained", "climbed", "increased", "grew", "jumped",
        "rising", "added", "higher", "ahead", "improved", "rises", "climbs", "grows", "gains",
        "jumps", "surged", "spiked", "rebounded", "grown", "risen", "improves", "improving",
        "better",
        # verbs of increase: "margin widened by 167 bps", "DAU soared 7.5%"
        "widened", "widens", "widening", "expanded", "expands", "expanding", "soared", "soars",
        "rallied", "rallies", "ballooned", "balloons", "swelled", "swells", "warmed", "warms",
        "strengthened", "strengthens",
    ),
    # ---- read by the features of a learned model (reviewer.learn.candidates) ----
    # words beside a number that say it fell or lies below ("down 7.7%", "9.3% below")
    "said_lower": (
        "down", "below", "under", "fell", "fall", "falls", "dropped", "drop", "drops", "declined",
        "decline", "lost", "lower", "less", "minus", "slipped", "decreased", "shrank", "behind",
        "short", "negative", "deficit", "cooler", "colder", "eased",
    ),
    # words beside a number that say it rose or lies above ("up 2.7%", "gained 3.9 lb")
    "said_higher": (
        "up", "above", "over", "rose", "rise", "rises", "gained", "gain", "grew", "increased",
        "higher", "more", "plus", "ahead", "climbed", "jumped", "warmer", "added",
    ),
    # prepositions that place a time in a year: "in 2024", "since 2019"
    "year_placing": (
        "in", "since", "during", "by", "until", "through", "of", "from", "before", "after", "for",
    ),
    # first words of the sign phrases after a number: "in the red", "under water"
    "sign_phrase_openers": ("in", "under", "on"),
    # the months, short ("may" again, as the alternations always had it)
    "month_abbreviations": (
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "sept",
    ),
    # words of a duration's hours, before its minutes ("1h 02m")
    "hour_words": ("hours", "hour", "hrs", "hr", "h"),
    # words that open the other side of a comparison, not a word of its own number
    "comparison_openers": ("vs", "versus", "against", "compared", "than"),
    # verbs after a number that are no unit of it ("52 fell to 48")
    "moving_verbs_not_units": (
        "came", "went", "rose", "fell", "dropped", "climbed", "jumped", "grew", "shot", "crept",
        "slid", "sank", "dipped", "slipped", "moved", "got", "is", "was", "are", "were", "has",
        "had",
    ),
    # verbs that link a subject to what it is: no unit of the number before them
    "linking_verbs": (
        "is", "was", "are", "were", "be", "been", "being", "remains", "remained", "stays", "stayed",
        "sits", "sat", "looks", "looked", "seems", "seemed", "feels", "felt",
    ),
    # periods "last" may name: "last week's", "last Monday's"
    "last_periods": (
        "week", "month", "year", "quarter", "season", "sprint", "cycle", "release", "monday",
        "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ),
    # verbs of what a rule does at a threshold (regex: s? is an optional s)
    "rule_verbs": (
        "adds?", "scales?", "fires?", "triggers?", "pages?", "gets?", "kicks?", "starts?", "stops?",
        "switch(?:es)?", "rolls?", "breaks?", "throttles?", "drops?", "counts?", "trips?",
        "alerts?", "fails?", "evicts?", "slows?", "begins?", "goes", "go", "moves?", "turns?",
        "expects?", "flags?", "pauses?", "freezes?", "calls?", "raises?", "hires?", "cuts?",
        "blocks?", "locks?", "sheds?", "queues?", "retries", "retry", "escalates?", "notifies",
        "notify", "sends?",
    ),
    # comparatives and sign nouns after a number that give it a sign: "5 lower", "3 below"
    "comparatives_after": (
        "lower", "less", "fewer", "below", "down", "shorter", "slower", "smaller", "lighter",
        "deficit", "negative", "higher", "more", "above", "longer", "faster", "bigger", "heavier",
        "surplus", "positive", "cooler", "colder", "narrower", "warmer", "hotter", "wider",
        "thinner", "thicker", "better", "worse",
    ),
    # nouns of a change after its size: "a 7.5% decrease" (decline and drop come before them)
    "change_nouns": (
        "decrease", "dip", "slide", "slump", "plunge", "reduction", "contraction", "downturn",
        "downtick", "increase", "rise", "jump", "uptick", "surge", "spike", "boost", "lift",
    ),
    # words after a number of what it falls short by: "a loss", "3 short"
    "shortfall_words": ("loss", "losses", "short", "shy"),
    # the first words of the plan readings after a number (and its plan nouns, with their plurals)
    "plan_after_first": (
        "planned", "budgeted", "targeted", "scheduled", "tomorrow", "tonight", "next", "by", "is",
        "are", "or", "at", "max", "maximum", "target", "goal", "would", "should", "could", "will",
        "might", "on", "we", "you", "they",
    ),
    # the first words of the past readings after a number ("2 weeks ago", "on Monday")
    "past_after_first": (
        "ago", "last", "previously", "before", "earlier", "start", "midnight", "launch", "monday",
        "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "spring", "summer",
        "autumn", "fall", "winter", "st", "nd", "rd", "th",
    ),
    # idioms of watching or remembering with "keep", which plan no value
    "watching_idioms": ("keep an eye", "keep tabs on", "keep in mind", "keep track of"),
    # cadences between a figure and its plan noun: "a $90k monthly budget"
    "plan_cadences": ("monthly", "weekly", "annual", "quarterly", "daily"),
    # plan nouns after "is the": "45 min is the target"
    "is_the_plan_nouns": ("target", "goal", "plan", "cap", "limit", "line", "bar", "aim"),
    # determiners after "of" before a whole's name: "12 of your 20 runs"
    "of_determiners": (
        "the", "your", "my", "our", "their", "these", "those", "all", "its", "his", "her",
    ),
    # words before a part's figure: "of which only 3"
    "part_softeners": ("only", "just", "about", "around", "roughly", "nearly", "almost", "some"),
    # determiners before a whole after "of": "3 of the 12"
    "whole_determiners": ("the", "your", "our", "its", "their", "these", "those", "all"),
    # counts of periods before "ago": "two weeks ago"
    "ago_counts": ("a", "an", "one", "two", "three", "four", "five", "six", "several"),
    # statistics an aside of a period may give: "(March avg: 5.2%)"
    "aside_statistics": ("avg", "average", "mean", "median", "total", "high", "low", "peak"),
    # words before an accountant's negative in parentheses: "Net income was ($3k)"
    "accounting_links": ("is", "was", "of", "at", "to", "totaled", "totalled", "reported"),
    # verbs of going to a planned level: "we go to 9.8 mi", "ramp to 40"
    "go_to_verbs": ("go", "build", "step", "move", "jump", "head", "bump", "ramp", "climb", "push"),
    # words between a projection's verb and its figure: "on track for about 31"
    "projected_gaps": (
        "about", "around", "roughly", "nearly", "almost", "over", "under", "a", "an",
    ),
    # determiners of a rule's subject after its threshold: "at 80%, the queue sheds"
    "rule_subject_determiners": (
        "the", "a", "an", "each", "every", "any", "all", "our", "your", "their",
    ),
    # verbs and words of a bound passed or approached: "exceeded 5%", "circa 40"
    "bound_verbs": (
        "exceeded", "exceeds", "topped", "tops", "crossed", "crosses", "surpassed", "surpasses",
        "circa",
    ),
    # words after "or" that make a figure a rough plan: "45 min or so", "or less"
    "or_so_words": (
        "so", "less", "more", "better", "under", "below", "above", "lower", "higher", "fewer",
    ),
    # verbs whose particle "up" is no movement: "wake up 3 to 5 times"
    "phrasal_up_verbs": (
        "wake", "wakes", "woke", "woken", "waking", "get", "gets", "got", "getting", "show",
        "shows", "showed", "shown", "showing", "sign", "signs", "signed", "signing", "warm",
        "warms", "warmed", "warming",
    ),
    # words of a statistic's level after a percentage: "95% confidence"
    "statistic_nouns_after": (
        "confidence", "confident", "significance", "significant", "power", "chance", "probability",
        "likelihood", "likely", "odds", "credible",
    ),
    # periods after "last" that make a number a past value: "last sprint"
    "past_last_periods": (
        "week", "month", "year", "quarter", "season", "time", "sprint", "cycle", "release",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ),
    # words after "after a" and a value that keep it a past value: "after a 74 yesterday"
    "after_a_value_words": (
        "yesterday", "last", "on", "in", "at", "during", "the", "this", "that", "earlier", "before",
        "prior", "previous", "peak", "spike", "blip", "reading", "high", "low",
    ),
    # words between a sign word and its number: "down about 5", "a loss of 3"
    "sign_word_gaps": (
        "of", "at", "to", "about", "around", "roughly", "some", "another", "nearly", "almost",
    ),
    # references a value is compared with: "below target", "above baseline"
    "reference_nouns": (
        "baseline", "normal", "usual", "average", "typical", "target", "plan", "goal", "budget",
        "forecast", "norm", "slo", "sla", "threshold", "limit",
    ),
    # plain words that may stand between a loss and its amount: "the loss this month came in at"
    "loss_gap_words": (
        "for", "the", "this", "that", "month", "week", "quarter", "year", "came", "comes", "in",
        "at", "was", "is", "stood", "stands", "sits", "sat", "landed", "totaled", "totalled",
        "totals", "of", "hit", "reached", "widened", "narrowed", "grew", "shrank", "to", "now",
        "so", "far", "just", "about", "some", "roughly", "nearly", "almost", "over", "under",
    ),
    # participles after "Had" and a subject: "Had burn been $80k"
    "counterfactual_participles": (
        "been", "stayed", "held", "remained", "gone", "come", "landed", "reached", "hit", "dropped",
        "fallen", "risen", "grown", "slept", "run", "ran", "averaged", "kept", "dipped", "climbed",
        "improved", "closed", "finished", "ended",
    ),
    # verbs before "up" that make it no sign: "made up 40%", "woke up 3 times"
    "unsigned_up_verbs": (
        "made", "makes", "make", "making", "took", "takes", "take", "taking", "used", "uses", "use",
        "using", "woke", "wake", "wakes", "waking", "got", "get", "gets", "getting",
    ),
    # words after "N times" that make it a rate or a ratio: "3 times more"
    "not_occurrences_after_times": (
        "more", "less", "fewer", "as", "higher", "lower", "larger", "smaller", "bigger", "greater",
        "faster", "slower", "over", "the", "per", "a", "an", "each", "every", "daily", "hourly",
        "weekly", "nightly", "than", "that", "what",
    ),
    # words that compare with a period named after them: "best since March (5.2%)"
    "period_comparers": ("since", "than", "above", "below", "beat", "beats", "beating"),
    # verbs of passing a threshold after "when": "we page when it exceeds 5%"
    "threshold_verbs": ("exceeds", "crosses", "passes", "tops", "hits", "reaches", "breaches"),
    # prepositions of a bound: "below 160 bpm", "within 5%"
    "bound_prepositions": ("below", "under", "above", "beyond", "over", "within"),
    # words of an approximate bound: "around 160 bpm"
    "bound_approximations": ("around", "about", "roughly", "approximately", "nearly", "almost"),
    # one-word hedges that say a value roughly: "Runway is circa 16.5 months", "DAU is
    # ballpark 84,000" (a config may add its own, read in the clause before the number)
    "approximate_words": ("circa", "approx", "ballpark"),
    # words of a small amount: "a touch under 9 hours"
    "small_amounts": ("little", "bit", "touch", "shade", "hair", "tad"),
    # periods after "next" that make a plan: "next sprint"
    "next_periods": ("week", "month", "quarter", "year", "time", "block", "sprint"),
    # judgements after "would be" that make a plan: "8 h would be ideal"
    "would_be_judgements": ("ideal", "enough", "plenty", "fine", "great", "good", "the"),
    # modal verbs: "would", "should", "could", "will", "might"
    "modals": ("would", "should", "could", "will", "might"),
    # verbs of what one can take: "we can afford 40k"
    "capacity_verbs": ("afford", "sustain", "handle", "tolerate", "absorb", "accept"),
    # words before "up" that make it a level: "back up to 65"
    "risen_up_links": ("back", "is", "was", "are", "were", "has", "have"),
    # past verbs before "up" that make it a level: "crept up to 65"
    "risen_up_verbs": ("crept", "rose", "went", "came", "shot", "grew", "got"),
    # pronouns after "of" that make a number a part: "3 of them"
    "of_them_words": ("them", "those", "these", "which", "it"),
    # parts of a day a number may count: "in one afternoon"
    "parts_of_a_day": ("hour", "minute", "afternoon", "morning", "evening", "shift"),
    # judgements after "is" that make a figure a norm: "60 is normal"
    "plan_judgements": ("normal", "typical", "usual", "fine", "healthy"),
    # forms of "give" in phrases of decrease: "gave back 3"
    "give_forms": ("gave", "give", "gives", "giving", "given"),
    # forms of "be" in phrases of decrease: "is off 3"
    "be_forms": ("is", "was", "are", "were", "been"),
    # names of quantities for which lower is better: opex, debt, backlog
    "lower_is_better_names": ("opex", "debt", "dso", "backlog", "queue"),
    # comparatives before a reference: "lower than baseline"
    "reference_comparatives": ("higher", "lower", "better", "worse", "more", "less"),
    # cadences before a reference noun: "your weekly target"
    "reference_cadences": ("daily", "weekly", "monthly", "quarterly", "usual", "own"),
    # verbs of where a projection ends: "on track to reach 31"
    "projected_verbs": ("reach", "hit", "end", "finish", "land"),
    # joiners that open a rule's clause: "and at 80%"
    "rule_openers": ("and", "so", "but", "then", "once"),
    # periods after a number that make it past: "52 last season"
    "past_after_periods": ("week", "month", "year", "quarter", "season"),
    # parts of a period a number may count: "in one hour", "the first shift"
    "parts_of_a_period": ("day", "hour", "minute", "afternoon", "morning", "evening", "shift"),
    # verbs that compare with a reference: "breached the SLO", "beat target"
    "reference_verbs": ("breached", "missed", "beat", "exceeded", "cleared", "topped", "broke"),
    # words before a year: "early 2025", "FY2026"
    "year_modifiers": ("early", "late", "mid", "fiscal", "fy"),
    # determiners before a plan in a gap to it: "over your 10k goal"
    "gap_determiners": ("the", "your", "our", "my", "its", "their"),
    # words of degree before a comparison: "well below target"
    "degree_words": ("well", "far", "way", "slightly", "just"),
    # words of what is owed: "is due on the 15th"
    "owed_words": ("due", "owed", "payable"),
    # nouns after "on the" that make a plan: "on the calendar"
    "on_the_plan_nouns": ("calendar", "schedule", "plan", "books"),
    # participles of a plan's figure: "over the planned 90"
    "planned_words": ("planned", "budgeted", "targeted"),
    # verbs of a change for the worse: "p95 regressed by 40 ms"
    "worsening_verbs": ("worsened", "regressed", "deteriorated"),
    # verbs of a start: "started the month at $2.1M"
    "starting_verbs": ("started", "began", "opened"),
    # nouns of a bound opening a clause: "Maximum 45 min"
    "bound_nouns": ("maximum", "minimum", "max", "min"),
    # verbs of a projection's course: "tracking to $2.1M"
    "projecting_verbs": ("tracking", "pacing", "heading", "headed"),
    # nouns of a projection's course: "on pace for 31"
    "projection_nouns": ("pace", "track", "course"),
    # words of a slight amount: "slightly under 9 hours"
    "slight_words": ("slightly", "fractionally", "marginally"),
    # ---- read by names ----
    # words between a name and its number that make the number something else than its value
    "qualifiers": (
        "baseline", "norm", "rolling", "from", "average", "avg", "mean", "normal", "usual",
        "typical", "target", "goal", "max", "maximum", "min", "minimum", "peak", "best", "record",
        "limit", "threshold", "zone", "range", "budget", "forecast", "plan", "prior", "previous",
        "yesterday", "last", "change", "trend", "delta", "difference", "gap", "ceiling", "floor",
        "cap", "share", "percentile", "drop", "rise", "increase", "decrease", "gain", "loss",
        "swing", "growth", "move", "shift", "jump", "fall", "include", "includes",
        "including", "incl", "excluding", "excludes", "excl",
    ),
    # the unit a pool's name may end with: "latency_ms", "weight_kg", "sleep_minutes"
    "unit_suffixes": (
        "ms", "s", "sec", "secs", "seconds", "min", "mins", "minutes", "h", "hrs", "hours", "d",
        "days", "km", "mi", "miles", "m", "kg", "lb", "lbs", "pct", "percent", "usd", "eur", "gbp",
        "bpm", "brpm", "c", "f", "degc", "degf", "gb", "mb", "tb", "rps",
    ),
    # words that name no quantity of their own: never a name's stand-in
    "not_partial": (
        "rate", "score", "time", "total", "count", "free", "open", "gross", "sales", "users",
        "user", "days", "hours", "minutes", "heart", "sleep", "load", "data", "level", "ratio",
        "index", "stage", "value", "amount", "date", "period", "season", "hour", "minute",
    ),
    # determiners (and joiners) that may stand between a name and a number
    "determiners": (
        "the", "your", "our", "their", "its", "this", "that", "a", "an", "my", "his", "her", "and",
        "with",
    ),
    # the last words of names that are a unit or a count noun, never a name's head alone
    "not_head": (
        "users", "user", "sales", "days", "hours", "minutes", "hour", "minute", "date", "period",
        "season", "data", "stage",
    ),
    # words between a head noun alone and its number: "Score came in at 80"
    "head_links": (
        "is", "was", "are", "were", "s", "sat", "sits", "stood", "stands", "came", "comes", "in",
        "at", "to", "of", "landed", "reads", "read", "now", "today", "tonight", "overnight", "this",
        "morning", "last", "night", "week", "so", "far", "still", "currently", "logged", "recorded",
        "clocked",
    ),
    # words that say a usual level: "the usual resting rate" is the resting baseline
    "baseline_words": ("usual", "normal", "typical", "baseline", "norm"),
    # words a name adds to the thing it measures: "sleep duration" is how long one sleeps
    "measure_words": ("duration", "time", "total", "count", "number", "amount", "length"),
    # the particles of phrasal verbs and of the nouns made of them ("sign up", "signups")
    "verb_particles": ("up", "in", "out", "off"),
    # "ran 7 times": a count of the verb's events
    "events": ("times",),
    # words after a share's verb that leave it a verb, besides particles
    "after_a_share_verb": (
        "to", "each", "every", "per", "in", "on", "at", "by", "from", "during", "within", "after",
        "before", "over", "last", "this", "that", "the", "a", "an", "and", "or", "but", "again",
        "when", "while", "because", "so", "since", "until", "today", "yesterday", "overnight",
        "monthly", "weekly", "daily", "overall", "altogether", "instead",
    ),
    # words a name holds that need not be said with it: articles and prepositions
    "links": (
        "the", "a", "an", "of", "for", "per", "to", "in", "on", "at", "and", "by", "with", "from",
        "your", "our", "my", "its", "their",
    ),
    # nouns of a change: "the change in HRV" names its change, not its level
    "change_words": (
        "change", "changes", "trend", "delta", "growth", "move", "swing", "shift", "difference",
    ),
    # of those, the nouns that give a level its sign ("a loss of $50k" is net income below 0)
    "level_sign_nouns": ("loss", "deficit", "surplus", "profit"),
    # qualifiers that name a past time: beside a change's unit they are the change's base
    "past_qualifiers": ("last", "prior", "previous", "yesterday", "from"),
    # words that compare a change with a time or value (versus, since, over)
    "compared_words": ("versus", "vs", "against", "over", "on", "since", "compared"),
    # words that open a clause of their own inside a long gap
    "subjects": ("you", "we", "i", "they", "he", "she", "it", "your", "our", "my", "their"),
    # verbs that move a quantity, said of it as their object
    "raising": ("lifted", "raised", "boosted", "increased", "grew", "bumped"),
    # function words that may not stand alone between a name and its number
    "not_between": (
        "the", "a", "an", "of", "on", "in", "at", "to", "for", "from", "with", "by", "per", "than",
        "then", "and", "or", "but", "is", "was", "are", "were", "this", "that", "these", "those",
        "its", "it", "more", "less", "fewer", "over", "under", "about",
        # the word that opens a comparison's other side: "95 versus fitness" is not fitness
        "versus", "vs", "against", "compared",
    ),
    # units of time spent: "70 min in REM" is the time spent in it
    "spent_units": ("min", "h", "hr", "hrs", "hours", "s", "sec", "ms"),
    # words right before a name that make the number something else than its value
    "later_not": (
        "of", "in", "than", "vs", "versus", "against", "from", "to", "with", "per", "and", "or",
        "but", "nor", "for", "like", "plus", "minus", "after", "before", "since", "over", "under",
        "above", "below",
    ),
    # indefinite articles
    "indefinite_articles": ("a", "an"),
    # verbs of movement that "to" turns into the level reached
    "moved": (
        "grew", "rose", "climbed", "jumped", "fell", "dropped", "shrank", "swelled", "ballooned",
        "spiked", "surged", "dipped", "slipped", "crept", "ticked", "went", "increased",
        "decreased", "declined", "doubled",
    ),
    # prepositions that introduce what a count counts when they stand right before it
    "count_other": (
        "in", "on", "for", "with", "by", "from", "of", "over", "under", "after", "before", "since",
        "during", "per", "than", "and", "or", "as", "across",
    ),
    # words that say nothing of which quantity a number is: pronouns, articles, links, times
    "plain": (
        "a", "an", "the", "this", "that", "these", "those", "it", "its", "it's", "we", "our", "us",
        "you", "your", "i", "my", "me", "they", "their", "he", "she", "his", "her", "is", "was",
        "are", "were", "be", "been", "being", "has", "have", "had", "do", "does", "did", "will",
        "would", "can", "could", "reads", "read", "reading", "sits", "sat", "stands", "stood",
        "came", "comes", "come", "in", "at", "on", "of", "to", "for", "from", "with", "by", "as",
        "and", "or", "but", "so", "than", "then", "now", "today", "yesterday", "tonight", "morning",
        "evening", "night", "overnight", "week", "weekly", "month", "monthly", "year", "day",
        "daily", "quarter", "far", "still", "again", "just", "also", "only", "about",
        "around", "roughly", "nearly", "almost", "up", "down", "over", "under", "after", "before",
        "since", "during", "right", "exactly", "hit", "reached", "landed", "ended", "closed",
        "logged", "recorded", "shows", "showed", "shown", "holding", "held", "hold", "averaged",
        "average", "ran", "run", "peaked", "total", "out", "back", "there", "here", "what",
        "which", "who", "very", "well", "number", "value", "figure", "readings",
        "level", "levels", "point", "points", "percent", "per", "cent", "monday", "tuesday",
        "wednesday", "thursday", "friday", "saturday", "sunday", "last", "first", "latest",
        "current", "currently", "finally", "new", "went", "goes", "going", "got",
        "get", "gets", "stayed", "stays", "remains", "remained", "mark", "marks",
    ),
    # words of a clause that name no quantity: where a number was read, when, how it looks
    "name_nothing": (
        "watch", "app", "apps", "dashboard", "dashboards", "tracker", "device", "ring", "strap",
        "phone", "report", "chart", "graph", "screen", "summary", "data", "says", "say", "said",
        "show", "showing", "reports", "reported", "according", "noon", "lunch", "afternoon",
        "midday", "dawn", "steady", "solid", "strong", "good", "great", "nice", "decent", "fine",
        "okay", "off", "touch", "bit", "little", "slightly", "track", "settled", "settle",
        "holding", "healthy", "looks", "look", "looking", "seems", "seemed", "clean", "excellent",
        "solidly", "comfortably", "firmly", "pretty", "fairly", "quite",
    ),
    # the words that make a pool name a change of a quantity ("dau_change")
    "change_name_parts": ("change", "growth", "delta", "trend", "diff", "move"),
    # nouns of a change before "in": "the change in HRV"
    "change_in_nouns": (
        "change", "changes", "growth", "increase", "decrease", "drop", "rise", "move", "swing",
        "shift", "trend",
    ),
    # nouns of a signed amount before "of": "a drop of 5", "a deficit of $2k"
    "sign_nouns_of": (
        "gain", "drop", "rise", "increase", "decrease", "fall", "jump", "deficit", "decline",
        "surplus", "profit",
    ),
    # words between a past verb and its number: "logged only 5"
    "verb_softeners": ("only", "just", "another", "also", "nearly", "almost", "about"),
    # endings of contractions after an apostrophe: "it's", "we've"
    "contraction_endings": ("s", "re", "ve", "ll", "d", "m"),
    # ---- read by default_scanner ----
    # plural nouns with no -s
    "irregular_plurals": ("people", "men", "women", "children", "teeth", "mice", "geese"),
    # units the vocabulary lacks: a number they follow is of another unit, not a count
    "foreign_units": (
        "km", "kms", "k", "m", "ft", "feet", "foot", "yd", "yds", "kg", "kgs", "lb", "lbs", "g",
        "kcal", "cal", "kj", "w", "watts", "h", "hr", "hrs", "hour", "hours", "s", "sec", "secs",
        "second", "seconds", "ms", "spm", "rpm", "mph", "kph", "kmh", "x", "miler", "milers", "l",
        "ml", "liter", "liters", "litre", "litres", "cl", "oz", "cm", "mm", "inch", "inches", "gb",
        "mb", "kb", "tb", "gbps", "mbps", "ghz", "mhz", "px", "bps", "bp", "pp", "ppt", "degrees",
        "celsius", "fahrenheit", "usd", "eur", "gbp", "chf", "jpy", "cad", "aud", "dollars",
        "euros", "pounds", "cents", "sq", "mg", "mcg", "µg", "iu", "kwh", "mw", "kw", "db", "dba",
        "lux",
    ),
    # words ending in s that are no plural noun, and function words: no counted thing
    "not_things": (
        "is", "was", "has", "as", "its", "this", "thus", "his", "hers", "yes", "us", "plus",
        "minus", "less", "unless", "across", "always", "perhaps", "versus", "vs", "does", "goes",
        "whereas", "besides", "towards", "afterwards", "sometimes", "points", "pts", "and", "or",
        "but", "so", "yet", "nor", "the", "a", "an", "of", "on", "in", "at", "to", "for", "from",
        "with", "by", "per", "than", "then", "which", "that", "while", "also", "still", "just",
        "against", "upwards", "downwards", "backwards", "forwards", "sideways", "nowadays", "means",
        "remains", "stays", "looks", "seems", "sits", "shows", "suggests", "says", "reads", "puts",
        "keeps", "makes", "gives", "holds", "tells", "lands", "comes", "rises", "falls",
        "climbs", "today", "yesterday", "tomorrow", "tonight", "now", "again", "already",
        "overnight", "these", "those",
    ),
    # the months, in full and short, as titles: what the scanner reads as a date's month
    "month_names_titled": (
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December", "Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sept",
        "Sep", "Oct", "Nov", "Dec",
    ),
    # multipliers after a number: "4.2k", "3 million"
    "multipliers": ("k", "K", "thousand", "MM", "M", "million", "mn", "bn", "billion"),
    # words of a duration's minutes: "1 h 20 min"
    "minute_words": ("minutes", "minute", "mins", "min", "m"),
    # units of time that follow a number: "3 days"
    "time_words": ("day", "week", "month", "year", "night"),
}

# word tables: a word -> what a reading takes it for
TABLES: dict[str, dict[str, str | tuple[str, ...]]] = {
    # ---- read by default ----
    # the period a name's word of cadence says ("weekly mileage": the week's, to date too)
    "cadences": {
        "daily": "day", "weekly": "week", "monthly": "month", "quarterly": "quarter",
        "annual": "year", "yearly": "year",
    },
    # ---- read by names ----
    # words a metric's name may be written with for one another; a name's abbreviated
    # words as prose spells them out ("skin temp" -> "skin temperature")
    "synonyms": {
        "score": ("rating",), "rating": ("score",), "average": ("mean", "avg"),
        "mean": ("average", "avg"), "avg": ("average", "mean"),
        "utilisation": ("utilization", "usage"), "utilization": ("utilisation", "usage"),
        "count": ("number",), "temp": ("temperature",), "temperature": ("temp",),
        "resp": ("respiratory", "respiration"), "respiratory": ("resp",),
        "max": ("maximum",), "maximum": ("max",), "rev": ("revenue",),
        "dist": ("distance",), "vol": ("volume",),
    },
    # the measures a name may say as the verb of its other words: the score, the average
    "measure_verbs": {
        "score": "scored", "rating": "rated", "average": "averaged", "avg": "averaged",
        "mean": "averaged",
    },
    # past forms and their roots where no ending says it ("woke" -> "wak")
    "irregular_roots": {
        "woke": "wak", "woken": "wak", "awoke": "awak", "slept": "sleep", "ran": "run",
        "fell": "fall",
    },
}
# fmt: on

# the classes a config's [lexicon] table may add words to, and the rule that reads them;
# the rest are read inside readings shared by every detector (see added_words.py)
EXTENDABLE: dict[str, str] = {
    "plan_words": "plan.word",
    "past_words": "past.words",
    "others": "other.someone-else",
    "plan_nouns_after": "plan.noun-after",
    "negative_words": "sign.word",
    "positive_words": "sign.word",
    "approximate_words": "approximate.around",
}


def words(name: str) -> frozenset[str]:
    """The words of class `name`, as a set to test a word against."""
    return frozenset(WORDS[name])


def alternation(name: str) -> str:
    """The words of class `name` as a regex alternation, in the class's order."""
    return "|".join(WORDS[name])
