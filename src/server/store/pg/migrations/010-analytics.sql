-- The daily aggregates of the cookie-free analytics (docs/decisions/106-analytics-without-cookies.md):
-- one row per day, dimension and value. Every instance adds the counts it made since its last
-- flush to these rows in one statement, so the stored counts are the sums over all instances.
CREATE TABLE analytics_daily (
  day date NOT NULL,
  dimension text NOT NULL,
  key text NOT NULL,
  views bigint NOT NULL DEFAULT 0,
  visitors bigint NOT NULL DEFAULT 0,
  entries bigint NOT NULL DEFAULT 0,
  leads bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, dimension, key)
);

-- The page, referrer and UTM values a contact message was sent with (its `visit`).
ALTER TABLE messages ADD COLUMN visit jsonb;
