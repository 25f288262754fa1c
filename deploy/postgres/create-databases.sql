-- docker-compose.yml: PostgreSQL runs the files in /docker-entrypoint-initdb.d once, when its data
-- volume is empty (first start). Each service owns one database (ARCHITECTURE: no service reads
-- another's tables); its migrations run from the <service>-migrate job before it starts.
CREATE DATABASE valueproof_identity;
CREATE DATABASE valueproof_calculator;
CREATE DATABASE valueproof_proposal;
CREATE DATABASE valueproof_billing;
CREATE DATABASE valueproof_analytics;
CREATE DATABASE valueproof_notification;
