/**
 * Generated from the VAT service's OpenAPI document by openapi-typescript: do not edit.
 * Regenerate with `npm run client:generate`.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers 200 while the process runs, whatever the database does: a liveness probe. No key, no burst limit, not counted.
         */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: 200 when the database answers, 503 otherwise
         * @description Asks the database for an answer: 200 when it comes, 503 when it does not, so a load balancer stops sending traffic to an instance that cannot serve it. No key, no burst limit, not counted.
         */
        get: operations["ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bulk files, newest first, cursor pagination
         * @description The account's bulk files of the key's mode, newest first, `limit` at a time (default 20). `meta.next_cursor` (when `has_more`) fetches the next page as `cursor`.
         *
         *     - **Tiers**: any tier. Uploading needs Pro, Business or Scale, but a file already accepted stays readable after the account moves to a lower tier.
         *     - **Files**: a key sees only the files uploaded with keys of its mode.
         *     - **Worth knowing**: `limit` outside 1–100, or a cursor this list did not return for this key mode (another list's, account's or key mode's, or malformed), is 422 `validation_error`.
         */
        get: operations["listBulkFiles"];
        put?: never;
        /**
         * Upload a CSV file of VAT numbers to validate in the background
         * @description Uploads a CSV file of VAT numbers and answers 202 once the whole file is read and queued; the numbers are then validated in the background, as fast as the registries allow. Follow it with `GET /v1/bulk/{id}`, fetch the results with `GET /v1/bulk/{id}/results`; with a webhook configured, `bulk.completed` is sent at the end.
         *
         *     Send the file as the body (`Content-Type: text/csv`) or as the one file of a `multipart/form-data` form. The first line names the columns: `vat_number` is required; `reference` (your own id per row; the `reference` query parameter applies to rows without one) and any other columns are kept and echoed in the results. Trader columns (`trader_name`, `trader_company_type`, `trader_street`, `trader_postcode`, `trader_city`) are compared with what the registry holds, as on `GET /v1/validate`: a row with any of them is asked of the registry (never answered from the cache), and the results add the comparison; an empty cell counts as not sent. `,` or `;` separators (whichever the header line uses), quoted fields, a UTF-8 BOM and blank lines are fine.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Test keys are answered from [test mode](/docs/test-mode): no registry, no quota, test-mode records and webhook.
         *     - **Files**: a key sees only the files uploaded with keys of its mode.
         *     - **Rows**: up to 10,000 (Pro) or 100,000 (Business, Scale); bodies up to 40 MiB (413 `payload_too_large` beyond).
         *     - **Quota**: the file's unique well-formed numbers count when it is accepted (duplicates once, rejected rows not at all; the same number with other trader fields is another lookup and counts again); 429 `rate_limit_exceeded` refuses the whole file when fewer validations remain this month.
         *     - **Rejected rows**: a malformed number, reference or trader cell does not refuse the file: the row is counted in `rejected` and its `error_code` is in the results (`validation_error` for a reference or trader cell with control characters, or longer than 128 or 200 characters once trimmed: the limits of `reference` and the trader fields on every other operation).
         *     - **Retrying**: with an `Idempotency-Key`, a retry of the same upload (the same query and the same bytes of the file, sent as `text/csv` or as the file of a form) gets the first 202 again with `Idempotent-Replayed: true`, and the file is accepted, counted and queued once; another file or query under the key is 422 `idempotency_key_reused`. The key is claimed once the whole file is read and found readable: a file refused for its content (`invalid_csv`, `payload_too_large`) or for the quota (429) leaves the key free for the retry, corrected or not.
         *     - **Worth knowing**: a file that cannot be read is 422 `invalid_csv` naming the line and the reason (empty, no `vat_number` column, not UTF-8, binary, a row with more or fewer fields than the header, an unclosed quote, more rows than the tier allows); nothing of it is accepted or counted.
         */
        post: operations["uploadBulkFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A bulk file's progress
         * @description The progress of a bulk file: counts so far and `eta_seconds` at the pace so far. 404 `not_found` for an id that does not exist or belongs to another account or key mode.
         *
         *     - **Tiers**: any tier. Uploading needs Pro, Business or Scale, but a file already accepted stays readable after the account moves to a lower tier.
         *     - **Files**: a key sees only the files uploaded with keys of its mode.
         */
        get: operations["getBulkFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/{id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A bulk file's results as CSV, in input order
         * @description The results as CSV, one line per data row of the file in input order, with the separator the file used: the input columns as given, then `normalised_vat_number, valid, company_name, company_address, source, source_status, consultation_number, validation_id, error_code`. `valid` is `true`/`false`, empty for a row without an answer (rejected, failed, or not yet answered while the file is processing). When the file has trader columns, `match_name, match_company_type, match_street, match_postcode, match_city, match_method` follow: the row's `data.match` (`match`, `partial`, `mismatch` or `not_processed`; method `registry` or `computed`), empty for a row without an answer or without trader fields; a file without trader columns has none of them. Every name in the header is distinct, compared trimmed and without case: the result columns keep these names, an input column named like one of them is renamed `<name>_input` (`valid_input`), two or more blank input names become `column_<position>` (from 1), and a new name the file already uses takes `_2`, `_3`…; any other header is echoed as given. Every `validation_id` is a record (`GET /v1/validations/{id}`, with the same `match`); duplicates of a number with the same trader fields share one. A cell holding a line break is quoted. A cell a spreadsheet would run as a formula is written with a leading `'`, so it shows as text: a cell whose first character after any spaces is `=`, `+`, `-` or `@` in any Unicode form (full-width `＝ ＋ － ＠`, small, superscript or subscript, the minus sign `−`), or that starts with a tab, a carriage return or a line feed. Strip one leading `'` to get the value exactly.
         *
         *     - **Tiers**: any tier. Uploading needs Pro, Business or Scale, but a file already accepted stays readable after the account moves to a lower tier.
         *     - **Files**: a key sees only the files uploaded with keys of its mode.
         */
        get: operations["getBulkResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Decisions, newest first, filtered, cursor pagination
         * @description Decisions made for this account's key mode, newest first (by `created_at`, then id). `limit` at a time (1-100, default 20); when `meta.has_more`, pass `meta.next_cursor` as `cursor` with the same filters for the next page.
         *
         *     Filters, all optional and combined with AND: `treatment`, `buyer_country` (GR or EL for Greece), `reference`, `from` (inclusive) and `to` (exclusive) on `created_at`. A filter that cannot match anything as written, or a cursor from another list, other filters or another key, is 422 `validation_error`. Any tier: making decisions needs Pro or above, but those already made stay readable after the account moves to a lower tier.
         */
        get: operations["listDecisions"];
        put?: never;
        /**
         * Decide the VAT treatment of a sale
         * @description How to invoice a sale: whether to charge VAT, whose VAT and at which rate, with the note the invoice needs and the articles it rests on. Send the seller's and the buyer's countries, the kind of supply (and a rate category, where the goods or services are taxed at a reduced rate), and the buyer's VAT number when it has one: the number is checked as on GET /v1/validate, and the decision points at that check's record (`buyer_validation.validation_id`).
         *
         *     Treatments: `domestic`, `intra_community_supply`, `reverse_charge`, `distance_sale`, `export`, `outside_scope`, `not_assessed`. The rules, one case per row with an example each, are on the *Decisions* page of the documentation.
         *
         *     - **Fails closed**: a buyer number that is invalid, malformed or cannot be checked now never gives `reverse_charge` or `intra_community_supply`; `reasons` says why. An answer kept while the registry is down is used when it is younger than `DECISION_STALE_MAX_DAYS` (30 days by default) and flagged in `buyer_validation.source_status`; a degraded answer never counts as valid.
         *     - **Amounts**: `amount.net` (a JSON number or a decimal string) and `amount.currency` (ISO 4217) give `amount.vat` and `amount.gross`, computed in decimal and rounded half up to the currency's minor unit; null when no rate is given.
         *     - **Tiers**: Pro and above. **Quota**: the check of the buyer's number counts one validation (with a live key); a decision without a buyer number, or with one that fails its format, counts nothing.
         *     - **Retrying safely**: with an `Idempotency-Key` header, a retry with the same body gets the first decision again, checked and charged once.
         *     - **Test keys** answer from test mode: the buyer's number is answered by the test numbers of /docs/test-mode (valid, invalid, registry down), no registry is asked.
         *     - **Bad input** is 422 `validation_error` naming the member: an unknown member, a country the service does not decide for (EU member states, GR or EL for Greece, XI, GB, CH, LI, NO, AU), an unknown kind or rate category, a negative or non-finite amount, a currency that is not ISO 4217, a date before 2021-07-01 or that does not exist. A category with several rates in the country whose VAT applies is 422 `category_ambiguous`, listing them.
         */
        post: operations["createDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/decisions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One decision with its ledger state
         * @description One decision with its place in the tamper-evident ledger (`ledger`). 404 `not_found` for an id that does not exist or belongs to another account or key mode. Any tier: making decisions needs Pro or above, but those already made stay readable after the account moves to a lower tier.
         */
        get: operations["getDecision"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/decisions/{id}/proof": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A decision's proof: hash, seal, inclusion path (JSON or PDF)
         * @description The proof that a decision was made as shown and has not been changed since: the decision exactly as hashed, its hash, and once sealed (decisions are sealed with the validation records, every `LEDGER_SEAL_SECONDS`) its seal and the inclusion path from its hash to the seal's root, checked offline as a validation record's proof is (*Evidence and ledger* in the documentation). `buyer_record` names the validation record of the buyer's number the decision rests on, with its hash, how its answer came about (a test key's check says no registry was consulted), the company, consultation number and requester number it gave; its own proof is at `GET /v1/validations/{id}/proof`.
         *
         *     With `Accept: application/pdf` or `?format=pdf`: a one-page PDF in plain words (the sale, the treatment, rate, note and reasons, the check of the buyer's number, the hashes and the seal).
         *
         *     - **Worth knowing**: 404 `not_found` for an id that does not exist or belongs to another account or key mode. Any tier: a decision already made stays provable after the account moves to a lower tier.
         */
        get: operations["getDecisionProof"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's API keys, never the keys themselves
         * @description Every key of the account, live and test, revoked ones included, oldest first. `last_used_at` is when a request last authenticated with the key, to within a minute (it is written at most once a minute, not on every request).
         *
         *     - **Live keys only**: a test key gets 403 `forbidden` (a test key leaks more easily; it must not be able to mint live keys).
         *     - **Never the key**: keys are stored only as their SHA-256; listings show the first 13 characters (`prefix`).
         */
        get: operations["listKeys"];
        put?: never;
        /**
         * Create an API key (shown once)
         * @description Creates a key and answers 201 with it in `key`: **the only time it is shown**; store it at once. An account holds at most 100 unrevoked keys (409 `conflict` beyond).
         *
         *     - **Live keys only**: a test key gets 403 `forbidden` (a test key leaks more easily; it must not be able to mint live keys).
         *     - **Never the key**: keys are stored only as their SHA-256; listings show the first 13 characters (`prefix`).
         */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revokes a key: from then on it is refused (401) by this instance at once and by every other instance within one second. Revoking a key already revoked answers it as it is. The account's last unrevoked live key cannot be revoked (409 `conflict`): create another first. Another account's key, or an id that does not exist, is 404 `not_found`.
         *
         *     - **Live keys only**: a test key gets 403 `forbidden` (a test key leaks more easily; it must not be able to mint live keys).
         *     - **Never the key**: keys are stored only as their SHA-256; listings show the first 13 characters (`prefix`).
         */
        delete: operations["revokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Monitors, newest first, cursor pagination
         * @description The key mode's monitors, newest first, `limit` at a time (default 20). `meta.next_cursor` (when `has_more`) fetches the next page as `cursor`. Filter by `status`, `vat_number`, `valid` (of the last successful check) and `reference`.
         *
         *     - **Tiers**: any tier. Making monitors needs a tier with monitors, but an account moved to a tier without them still reads, pauses and removes the ones it has (they are not checked meanwhile). Live and test keys each have their own monitors; test-mode monitors are answered from test mode (the magic numbers), with no registry call.
         *     - **Quota**: a new monitor's first check and every "check now" count as one validation each against the monthly quota, with the `X-RateLimit-*` headers a validation has; with too few left, 429 `rate_limit_exceeded` (`Retry-After` until the reset) and nothing is created or queued. Scheduled checks are free (the tier's monitor limit bounds them); removing a monitor gives nothing back; test keys count nothing.
         *     - **Checks**: the first at once, then one per interval at a time of day (or week, or 30 days) fixed per monitor, so checks are spread evenly. A check may use a cached answer no older than a quarter of the interval. Each check is a validation record (channel `monitor`). A change of `valid`, the company name or its address is sent as a `monitor.changed` event when the key's mode has a webhook. A registry that cannot answer is never a change: `last_error` says so and the check is retried.
         *     - **Worth knowing**: `limit` outside 1–100, a cursor this list did not return for this key mode and these filters (another list's, account's, key mode's or filter's, or malformed), or an unknown query parameter is 422 `validation_error`.
         */
        get: operations["listMonitors"];
        put?: never;
        /**
         * Monitor a number
         * @description Starts monitoring a number: 201 with the new monitor, whose first check is queued at once. The same number again answers 200 with the existing monitor, unchanged.
         *
         *     - **Tiers**: monitors per key mode, by default Free none, Pro 1,000, Business 10,000, Scale 50,000; a tier without monitors gets 403 `tier_insufficient`. Live and test keys each have their own monitors and limit; test-mode monitors are answered from test mode (the magic numbers), with no registry call.
         *     - **Quota**: a new monitor's first check and every "check now" count as one validation each against the monthly quota, with the `X-RateLimit-*` headers a validation has; with too few left, 429 `rate_limit_exceeded` (`Retry-After` until the reset) and nothing is created or queued. Scheduled checks are free (the tier's monitor limit bounds them); removing a monitor gives nothing back; test keys count nothing.
         *     - **Checks**: the first at once, then one per interval at a time of day (or week, or 30 days) fixed per monitor, so checks are spread evenly. A check may use a cached answer no older than a quarter of the interval. Each check is a validation record (channel `monitor`). A change of `valid`, the company name or its address is sent as a `monitor.changed` event when the key's mode has a webhook. A registry that cannot answer is never a change: `last_error` says so and the check is retried.
         *     - **Worth knowing**: a malformed number is 422 `invalid_vat_format`; past the tier's limit, 403 `monitor_limit_exceeded`; the monthly quota used up, 429 `rate_limit_exceeded`. The number already monitored answers 200 and counts nothing.
         */
        post: operations["createMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One monitor
         * @description One monitor: its schedule, the last successful check (`last_result`) and the last failure (`last_error`). 404 `not_found` for an id of another account or key mode.
         *
         *     - **Tiers**: any tier. Making monitors needs a tier with monitors, but an account moved to a tier without them still reads, pauses and removes the ones it has (they are not checked meanwhile). Live and test keys each have their own monitors; test-mode monitors are answered from test mode (the magic numbers), with no registry call.
         *     - **Quota**: a new monitor's first check and every "check now" count as one validation each against the monthly quota, with the `X-RateLimit-*` headers a validation has; with too few left, 429 `rate_limit_exceeded` (`Retry-After` until the reset) and nothing is created or queued. Scheduled checks are free (the tier's monitor limit bounds them); removing a monitor gives nothing back; test keys count nothing.
         *     - **Checks**: the first at once, then one per interval at a time of day (or week, or 30 days) fixed per monitor, so checks are spread evenly. A check may use a cached answer no older than a quarter of the interval. Each check is a validation record (channel `monitor`). A change of `valid`, the company name or its address is sent as a `monitor.changed` event when the key's mode has a webhook. A registry that cannot answer is never a change: `last_error` says so and the check is retried.
         */
        get: operations["getMonitor"];
        put?: never;
        post?: never;
        /**
         * Remove a monitor
         * @description Stops monitoring and removes the monitor; its records stay. 404 `not_found` for an id of another account or key mode. Any tier: an account moved to a tier without monitors can remove the ones it has (they are not checked meanwhile).
         *
         *     - **Tiers**: any tier. Making monitors needs a tier with monitors, but an account moved to a tier without them still reads, pauses and removes the ones it has (they are not checked meanwhile). Live and test keys each have their own monitors; test-mode monitors are answered from test mode (the magic numbers), with no registry call.
         *     - **Quota**: a new monitor's first check and every "check now" count as one validation each against the monthly quota, with the `X-RateLimit-*` headers a validation has; with too few left, 429 `rate_limit_exceeded` (`Retry-After` until the reset) and nothing is created or queued. Scheduled checks are free (the tier's monitor limit bounds them); removing a monitor gives nothing back; test keys count nothing.
         *     - **Checks**: the first at once, then one per interval at a time of day (or week, or 30 days) fixed per monitor, so checks are spread evenly. A check may use a cached answer no older than a quarter of the interval. Each check is a validation record (channel `monitor`). A change of `valid`, the company name or its address is sent as a `monitor.changed` event when the key's mode has a webhook. A registry that cannot answer is never a change: `last_error` says so and the check is retried.
         */
        delete: operations["deleteMonitor"];
        options?: never;
        head?: never;
        /**
         * Change interval, status or reference
         * @description Changes `interval`, `status` (`active` or `paused`: a paused monitor is not checked) or `reference` (null removes it). Any other member is 422 `validation_error`. A new interval counts from the last check. An account moved to a tier without monitors may still pause a monitor or change its reference; resuming one or a new interval is 403 `tier_insufficient`.
         *
         *     - **Tiers**: monitors per key mode, by default Free none, Pro 1,000, Business 10,000, Scale 50,000; a tier without monitors gets 403 `tier_insufficient`. Live and test keys each have their own monitors and limit; test-mode monitors are answered from test mode (the magic numbers), with no registry call.
         *     - **Quota**: a new monitor's first check and every "check now" count as one validation each against the monthly quota, with the `X-RateLimit-*` headers a validation has; with too few left, 429 `rate_limit_exceeded` (`Retry-After` until the reset) and nothing is created or queued. Scheduled checks are free (the tier's monitor limit bounds them); removing a monitor gives nothing back; test keys count nothing.
         *     - **Checks**: the first at once, then one per interval at a time of day (or week, or 30 days) fixed per monitor, so checks are spread evenly. A check may use a cached answer no older than a quarter of the interval. Each check is a validation record (channel `monitor`). A change of `valid`, the company name or its address is sent as a `monitor.changed` event when the key's mode has a webhook. A registry that cannot answer is never a change: `last_error` says so and the check is retried.
         */
        patch: operations["updateMonitor"];
        trace?: never;
    };
    "/v1/monitors/{id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check now
         * @description Queues a check now that asks the registry, never the cache, and answers 202 with the monitor; `last_checked_at` and `last_result` show the outcome when it is done. It counts one validation against the monthly quota (429 `rate_limit_exceeded` when used up: nothing is queued). It runs now: an earlier check waiting to be retried after a registry failure does not hold it back (this check takes its place), and the next scheduled check falls at least a quarter interval later. No body, or `{}`.
         *
         *     - **Tiers**: monitors per key mode, by default Free none, Pro 1,000, Business 10,000, Scale 50,000; a tier without monitors gets 403 `tier_insufficient`. Live and test keys each have their own monitors and limit; test-mode monitors are answered from test mode (the magic numbers), with no registry call.
         *     - **Quota**: a new monitor's first check and every "check now" count as one validation each against the monthly quota, with the `X-RateLimit-*` headers a validation has; with too few left, 429 `rate_limit_exceeded` (`Retry-After` until the reset) and nothing is created or queued. Scheduled checks are free (the tier's monitor limit bounds them); removing a monitor gives nothing back; test keys count nothing.
         *     - **Checks**: the first at once, then one per interval at a time of day (or week, or 30 days) fixed per monitor, so checks are spread evenly. A check may use a cached answer no older than a quarter of the interval. Each check is a validation record (channel `monitor`). A change of `valid`, the company name or its address is sent as a `monitor.changed` event when the key's mode has a webhook. A registry that cannot answer is never a change: `last_error` says so and the check is retried.
         */
        post: operations["checkMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitors/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Monitor many numbers
         * @description Monitors up to 1000 numbers at once. Malformed numbers are listed in `rejected`; numbers already monitored are returned as they are; the others become new monitors. A batch whose new monitors would pass the limit is refused whole (403 `monitor_limit_exceeded`), nothing is created. Each new monitor counts one validation (duplicates, rejected and existing numbers none), all or nothing: when fewer validations remain this month than new monitors, the whole batch is refused with 429 `rate_limit_exceeded` and nothing is created or counted.
         *
         *     - **Tiers**: monitors per key mode, by default Free none, Pro 1,000, Business 10,000, Scale 50,000; a tier without monitors gets 403 `tier_insufficient`. Live and test keys each have their own monitors and limit; test-mode monitors are answered from test mode (the magic numbers), with no registry call.
         *     - **Quota**: a new monitor's first check and every "check now" count as one validation each against the monthly quota, with the `X-RateLimit-*` headers a validation has; with too few left, 429 `rate_limit_exceeded` (`Retry-After` until the reset) and nothing is created or queued. Scheduled checks are free (the tier's monitor limit bounds them); removing a monitor gives nothing back; test keys count nothing.
         *     - **Checks**: the first at once, then one per interval at a time of day (or week, or 30 days) fixed per monitor, so checks are spread evenly. A check may use a cached answer no older than a quarter of the interval. Each check is a validation record (channel `monitor`). A change of `valid`, the company name or its address is sent as a `monitor.changed` event when the key's mode has a webhook. A registry that cannot answer is never a change: `last_error` says so and the check is retried.
         */
        post: operations["createMonitors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * VAT rates of all 31 countries
         * @description The VAT rates of the 31 countries (the EU 27 with Greece as EL, GB, CH, LI and NO) in force on a day: today (UTC), or the `date` asked for, future dates included. Each rate below the standard one lists its categories of goods and services.
         *
         *     - **Tiers**: all. Rates are free: they do not count against the monthly quota, but the burst limit applies.
         *     - **Test keys** get the same answers as live keys.
         *     - **Worth knowing**: a `date` before 2024-01-01 or not YYYY-MM-DD, or a query parameter this operation does not take, is 422 `validation_error`.
         *     - **Data**: effective-dated, following governments' announcements: a change takes effect on its date. The rates come from the hand-kept data shipped with the service, or from a change a sync applied from the EU's Taxes in Europe Database (TEDB): `source` says which. `updated_at` is when the country's rates in force took effect.
         */
        get: operations["listRates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rates/{country_code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * VAT rates of one country
         * @description The VAT rates of one country in force on a day: today (UTC), or the `date` asked for. A code without rate data is 404 `not_found`, the message naming it.
         *
         *     - **Tiers**: all. Rates are free: they do not count against the monthly quota, but the burst limit applies.
         *     - **Test keys** get the same answers as live keys.
         *     - **Worth knowing**: a `date` before 2024-01-01 or not YYYY-MM-DD, or a query parameter this operation does not take, is 422 `validation_error`.
         *     - **Data**: effective-dated, following governments' announcements: a change takes effect on its date. The rates come from the hand-kept data shipped with the service, or from a change a sync applied from the EU's Taxes in Europe Database (TEDB): `source` says which. `updated_at` is when the country's rates in force took effect.
         */
        get: operations["getRates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rates/{country_code}/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Rate categories of one country
         * @description The categories of goods and services of one country that are taxed at a rate other than the standard one, with their rates in force on a day: today (UTC), or the `date` asked for.
         *
         *     Each entry is one rate of one category: `{ id, name, rate, type, note, since }`. A category can have several entries: rates for different goods within it (France: pharmaceutical products at 10, 5.5 and 2.1 %; which goods take which rate TEDB states by customs code, not repeated here), and rates kept apart by their `note` because they apply to imports only or to a region (Austria's Jungholz and Mittelberg at 19 %). A category at the standard rate is not listed.
         *
         *     - **Sources**: the EU 27 from the EU's Taxes in Europe Database (TEDB), kept current by the service's sync; GB, CH, LI and NO from the hand-kept data (CH and LI: accommodation, foodstuffs, books, pharmaceutical products...; NO: foodstuffs, passenger transport, accommodation...; GB: its zero-rated kinds and 5 % ones). Before the first situation the data holds for a country, its list is empty.
         *     - **Books**: TEDB has no general category for books. Most member states state their rate under `loan_libraries` (supply, including on loan by libraries, of books, newspapers and periodicals), some only through customs codes; `books` is Cyprus's in TEDB and the hand-kept data's for GB, CH, LI and NO.
         *
         *     - **Tiers**: all. Rates are free: they do not count against the monthly quota, but the burst limit applies.
         *     - **Test keys** get the same answers as live keys.
         *     - **Worth knowing**: a `date` before 2024-01-01 or not YYYY-MM-DD, or a query parameter this operation does not take, is 422 `validation_error`.
         */
        get: operations["listCountryRateCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rates/{country_code}/categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One category's rates in one country
         * @description One category's entries in one country on a day: the rates of `GET /v1/rates/{country_code}/categories` with this id. An empty list means the category is at the standard rate there. An id that is no category is 404 `category_not_found`; a code without rate data is 404 `not_found`.
         *
         *     Each entry is one rate of one category: `{ id, name, rate, type, note, since }`. A category can have several entries: rates for different goods within it (France: pharmaceutical products at 10, 5.5 and 2.1 %; which goods take which rate TEDB states by customs code, not repeated here), and rates kept apart by their `note` because they apply to imports only or to a region (Austria's Jungholz and Mittelberg at 19 %). A category at the standard rate is not listed.
         *
         *     - **Sources**: the EU 27 from the EU's Taxes in Europe Database (TEDB), kept current by the service's sync; GB, CH, LI and NO from the hand-kept data (CH and LI: accommodation, foodstuffs, books, pharmaceutical products...; NO: foodstuffs, passenger transport, accommodation...; GB: its zero-rated kinds and 5 % ones). Before the first situation the data holds for a country, its list is empty.
         *     - **Books**: TEDB has no general category for books. Most member states state their rate under `loan_libraries` (supply, including on loan by libraries, of books, newspapers and periodicals), some only through customs codes; `books` is Cyprus's in TEDB and the hand-kept data's for GB, CH, LI and NO.
         *
         *     - **Tiers**: all. Rates are free: they do not count against the monthly quota, but the burst limit applies.
         *     - **Test keys** get the same answers as live keys.
         *     - **Worth knowing**: a `date` before 2024-01-01 or not YYYY-MM-DD, or a query parameter this operation does not take, is 422 `validation_error`.
         */
        get: operations["getCountryRateCategory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rates/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every rate category: ids, names and descriptions
         * @description Every category id the service knows: TEDB's identifiers of categories of goods and services, in lower case, each with a short English name and TEDB's own text for what it covers. The same ids serve every country, those outside the EU included.
         *
         *     - **Tiers**: all. Rates are free: they do not count against the monthly quota, but the burst limit applies.
         *     - **Test keys** get the same answers as live keys.
         *     - **Worth knowing**: a `date` before 2024-01-01 or not YYYY-MM-DD, or a query parameter this operation does not take, is 422 `validation_error`.
         */
        get: operations["listRateCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Registry status
         * @description The state of every registry the service asks, and of each VIES member state: `operational`, `degraded` or `down`, the share of calls answered and the latency over the last 24 hours (figures of every instance together), the breaker, and the last failure.
         *
         *     - **No key** needed; limited to 60 requests per minute per client address (429 `burst_limit_exceeded` with `Retry-After`).
         *     - **Freshness**: figures are at most a few seconds old (each instance adds its counts every few seconds); `generated_at` says when they were computed.
         *     - **Breakers**: while a breaker is `open` the service does not call that registry (or member state) and answers validations from its cache (flagged `stale`) or with 503 and `Retry-After` set to the next probe. VIES's own availability report is read every minute and opens a member state's breaker when it reports it unavailable.
         *     - **Rates**: `rates` says when the rates were last compared with the EU's Taxes in Europe Database (TEDB), how it went, and how many differences wait to be applied.
         *     - **Redis** (`redis`): whether the instance that answered can use Redis, through which the instances share burst and registry rate limits. While it is `down` the service keeps working: each instance counts burst limits on its own, and registry rate limits are kept in the database.
         *     - The same figures as a page: `/status`; as gauges: `/metrics`.
         */
        get: operations["getStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A month's usage: quota, daily figures, sources, monitors
         * @description A month's usage: `used`, `limit` and `remaining` are the quota's own counter (what was charged, exactly what the `X-RateLimit-*` headers say), `reset_at` when the quota starts again. `daily` (every day of the month up to today) and `by_source` count the validation records of the month, by UTC day and by the `meta.source` the answer named (a cached answer counts under the registry that gave it). `monitors` is the key mode's monitored numbers and the tier's limit.
         *
         *     - **Charged and answered differ slightly**: an async number is charged when accepted and recorded when answered (one that failed through every retry has no record); duplicates in one batch share one record and one charge. A new monitor's first check and each "check now" are charged and recorded; scheduled monitor checks are recorded (channel `monitor`) and free.
         *     - **Key mode**: `daily` and `by_source` count the records of the key's mode (a test key sees its test-mode records, under `test`, `checksum`, `format`); `used` and `limit` are always the account's live quota (test keys use none).
         *     - **Free to read**: counts against no quota (the burst limit applies).
         *     - **Worth knowing**: `month` not of the form YYYY-MM (1970-01 to 9999-12), or any other query parameter, is 422 `validation_error`. A month before the account existed, or one not begun, has zero figures.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Validate one VAT number
         * @description Checks one VAT number with its country's registry (VIES for the EU and XI, HMRC for GB, the Swiss UID register, Brønnøysund for NO, ABN Lookup for AU) and answers whether it is registered, with the company's name and address when the registry gives them. Liechtenstein has no register to ask: LI numbers are answered from their format (`meta.source_status: unverified`).
         *
         *     - **Tiers**: all. A consultation number (`requester_vat_number`) needs Business or Scale; below that, or when the registry cannot use the requester, `consultation_number` is null.
         *     - **Quota**: with a live key every 200 counts one validation, cached and check-digit answers included; 4xx and 503 answers do not. The `X-RateLimit-*` headers say what is left.
         *     - **Cache**: answers are kept 24 hours (by default; `meta.cached`, `meta.cached_at`); `cache=false` asks the registry again. When the registry is down, an earlier answer (up to 30 days old) is served with `meta.stale: true`.
         *     - **Test keys** (`svc_test_…`) never reach a registry and use no quota: the magic numbers on [/docs/test-mode](/docs/test-mode) give fixed answers, and `meta.mode` is `test`.
         *     - **Records**: every 200 is kept as a validation record; `meta.validation_id` is its id. `reference` (your own id for the customer or order, 1–128 printable characters, trimmed) is stored on the record and returned in `meta.reference` (null when none was sent); an empty or blank one, or one with control characters, is 422 `validation_error`.
         *     - **Name and address matching**: `trader_name`, `trader_company_type`, `trader_street`, `trader_postcode`, `trader_city` (each 1–200 printable characters with at least one letter or digit, trimmed) are compared with what the registry holds, in `data.match` (each field `match`, `partial`, `mismatch` or `not_processed`; `method` `registry` when the registry compared, `computed` when the service did); `data.match` is null when no trader field was sent. Trader fields always ask the registry (no cached answer); when it is down, a stale answer is compared by the service. With a test key the fields are compared with the magic number's company. A field too long, of punctuation alone or with control characters is 422 `validation_error`.
         *     - **Worth knowing**: a well-formed number whose check digit is wrong is a 200 with `valid: false` and `meta.source: checksum`, not an error; a malformed one is 422 `invalid_vat_format` and the message names the rule. A registry that is down with nothing cached is 503 `upstream_unavailable` (`upstream_error` for GB) with Retry-After; retry later, it is not counted. A query parameter this operation does not take is 422 `validation_error` naming it.
         */
        get: operations["validate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/validate/async": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue one VAT number; the result arrives by webhook
         * @description Accepts one VAT number and answers 202 at once; the result follows as a `validation.completed` event (the answer `GET /v1/validate` would give, plus `request_id`, the record's `validation_id` and your `reference`), or `validation.failed` when the registry stayed unavailable through every retry. See the `webhooks` section of this document for the event bodies and signature.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`), with a **live key**: test keys get 403 `forbidden`, since this makes real registry calls and sends real events.
         *     - **Webhook**: results arrive only by webhook, so an enabled endpoint of the key's mode must subscribe to each event the request can end with (`validation.completed` and `validation.failed` for a number, `batch.completed` for a batch; `PUT /v1/webhooks/config` makes one that subscribes to every event); otherwise 400 `webhook_not_configured`, naming the events without one.
         *     - **Reference**: `reference` (your own id for the customer or order, 1–128 printable characters, trimmed) is kept on the validation record and comes back in the 202 and in the event; an empty or blank one, or one with control characters, is 422 `validation_error`.
         *     - **Retries**: a registry that is down is retried in the background (by default 5 times over about 4 hours); the result waits for it.
         *     - **Quota**: the number counts one validation when it is accepted, whatever the outcome.
         *     - **Worth knowing**: a malformed number is 422 `invalid_vat_format` at once and never queued.
         */
        post: operations["validateAsync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/validate/async/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The state and result of one async number
         * @description The state of one number accepted by `POST /v1/validate/async`: `pending` while it waits for the registry (`attempts` so far, `next_attempt_at` when the next one is due), then `completed` with `result` (the answer as `GET /v1/validate` gives it, with `meta.validation_id`) or `failed` with `error` (the registry stayed unavailable through every retry). The same outcome as the `validation.completed` or `validation.failed` event.
         *
         *     - **Polling**: an addition to the webhook, not a replacement: accepting async work still needs a configured webhook. Reads count against no quota (the burst limit applies).
         *     - **Whose**: async work is made with live keys only; an id of another account, or any id asked for with a test key, is 404 `not_found`.
         */
        get: operations["getAsyncRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/validate/async/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue many VAT numbers; one batch.completed event carries every result
         * @description Accepts up to 200 (Pro) or 1000 (Business, Scale) numbers and answers 202 at once. Malformed numbers are listed in `rejected` and never queued; the others are validated in the background, and one `batch.completed` event carries every result, one item per accepted position in input order (as `POST /v1/validate/batch` shapes them: each success item with its record's `meta.validation_id`, shared by duplicates, and the `meta.reference` that applied to it). A top-level `reference` applies to every item; an item sent as `{ "vat_number": "…", "reference": "…" }` has its own, which wins. When every item is rejected, the answer has `batch_id: null` and `status: completed`, and no event follows.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`), with a **live key**: test keys get 403 `forbidden`, since this makes real registry calls and sends real events.
         *     - **Webhook**: results arrive only by webhook, so an enabled endpoint of the key's mode must subscribe to each event the request can end with (`validation.completed` and `validation.failed` for a number, `batch.completed` for a batch; `PUT /v1/webhooks/config` makes one that subscribes to every event); otherwise 400 `webhook_not_configured`, naming the events without one.
         *     - **Reference**: `reference` (your own id for the customer or order, 1–128 printable characters, trimmed) is kept on the validation record and comes back in the 202 and in the event; an empty or blank one, or one with control characters, is 422 `validation_error`.
         *     - **Retries**: a registry that is down is retried in the background (by default 5 times over about 4 hours); the result waits for it.
         *     - **Quota**: the unique accepted numbers count at acceptance (duplicates once); 429 `rate_limit_exceeded` when fewer validations remain this month.
         */
        post: operations["validateAsyncBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/validate/async/batch/{batch_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The progress of an async batch
         * @description The progress of a batch accepted by `POST /v1/validate/async/batch`: `pending` until the first number is settled, `processing` until the last, then `completed` (when `batch.completed` is sent). `processed`, `succeeded` and `failed` count accepted positions (duplicates included, as in the event's summary); `rejected` counts the malformed items the 202 listed.
         *
         *     - **Polling**: an addition to the webhook, not a replacement: accepting async work still needs a configured webhook. Reads count against no quota (the burst limit applies).
         *     - **Whose**: async work is made with live keys only; an id of another account, or any id asked for with a test key, is 404 `not_found`.
         */
        get: operations["getAsyncBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/validate/async/batch/{batch_id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The results of an async batch, in input order, cursor pagination
         * @description The items of `batch.completed`, each with its `position` (its 0-based index in the input as sent, rejected items included), in input order, `limit` at a time (default 20); `meta.next_cursor` (when `has_more`) fetches the next page as `cursor`. While the batch runs, a position whose number is not settled yet is `{ position, status: "pending", meta: { vat_number } }`: poll the batch until `completed` for the full set.
         *
         *     - **Polling**: an addition to the webhook, not a replacement: accepting async work still needs a configured webhook. Reads count against no quota (the burst limit applies).
         *     - **Whose**: async work is made with live keys only; an id of another account, or any id asked for with a test key, is 404 `not_found`.
         *     - **Worth knowing**: `limit` outside 1–100, a cursor this list did not return for this batch (another batch's, another account's, or malformed), or an unknown query parameter is 422 `validation_error`.
         */
        get: operations["listAsyncBatchResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/validate/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate 1 to 50 VAT numbers
         * @description Validates 1 to 50 numbers in one request, each with its own country's registry. `results` has one item per input, in input order: the answer as `GET /v1/validate` gives it (`data`, `meta`), or a failure item (`error`, and `meta.vat_number` with the input as sent). A malformed number or a registry that is down fails its item, not the request: the status stays 200, so check `summary.failed` and each item.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Consultation numbers need Business or Scale.
         *     - **Quota**: each unique number that got an answer counts once; duplicates share one answer. When fewer validations remain this month than unique well-formed numbers, the whole batch is refused with 429 `rate_limit_exceeded` and nothing is counted.
         *     - **Test keys**: the magic numbers of [/docs/test-mode](/docs/test-mode), no registry, no quota, `meta.mode: test`.
         *     - **Records**: each unique number that got an answer is one validation record; its success items carry its id in `meta.validation_id` (duplicates share it). `reference` (1–128 printable characters, trimmed) applies to every item; an item sent as `{ "vat_number": "…", "reference": "…" }` has its own, which wins. Each success item returns the reference that applied to it in `meta.reference` (null when none); the record keeps the one of the number's first position. An empty or blank reference, or one with control characters, is 422 `validation_error`.
         *     - **Worth knowing**: an empty array, more than 50 items or a body member this operation does not take (it is named) is 422 `validation_error`; a malformed `requester_vat_number` is 422 `invalid_vat_format`.
         */
        post: operations["validateBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/validations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Validation records, newest first, filtered, cursor pagination
         * @description Records of validations answered to this account, newest first (by `created_at`, then id), as summaries: every member of the record but `evidence`. `limit` at a time (1-100, default 20); when `meta.has_more`, pass `meta.next_cursor` as `cursor` with the same filters for the next page. Records written while you page sort above the first page: later pages neither skip nor repeat a record.
         *
         *     Filters, all optional and combined with AND: `vat_number` (normalised first, so `de 123 456 704` finds `DE123456704`), `country_code`, `valid`, `source`, `channel`, `reference`, `from` (inclusive) and `to` (exclusive) on the time the record was written (`created_at`), `monitor_id`, `bulk_id`. A filter that cannot match anything as written (a malformed number, an unknown country, a date that does not exist, `from` not before `to`) or a query parameter this operation does not take is 422 `validation_error` naming it. A cursor from another list, other filters or another key is 422 `validation_error` too.
         *
         *     - **Keys**: a live key sees the live records of its account, a test key the test-mode records (answers to test keys); no key sees another account's.
         *     - **Quota**: reading history never counts against the monthly quota.
         */
        get: operations["listValidations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/validations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One validation record with its evidence and ledger state
         * @description One record: the answer as it was given (number, validity, company, consultation number, source and cache state), where it came from (channel, request, batch, bulk file or monitor, your reference), the registry exchange it rests on (`evidence`: URL, the request sent with credentials removed, the reply's exact bytes up to 64 KiB and their SHA-256) and its place in the tamper-evident ledger (`ledger`: the record hash, and the seal once sealed).
         *
         *     A cached or stale answer's evidence is the exchange that filled the cache; when that exchange was made for another account, its requester and consultation numbers are shown as `[redacted]` and `evidence.redacted` is true. Check-digit, format and test-key answers have `evidence: null`. 404 `not_found` for an id that does not exist or belongs to another account or key mode.
         *
         *     - **Keys**: a live key sees the live records of its account, a test key the test-mode records (answers to test keys); no key sees another account's.
         *     - **Quota**: reading history never counts against the monthly quota.
         */
        get: operations["getValidation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/validations/{id}/proof": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A record's proof: hash, seal, inclusion path (JSON or PDF)
         * @description The proof that a check was made and has not been changed since: the record exactly as it is hashed (`evidence` is the SHA-256 of the registry's reply), its hash, and once the record is sealed (records are sealed every `LEDGER_SEAL_SECONDS`, 60 s by default) its seal and the inclusion path from the record's hash to the seal's root. Before sealing: `sealed: false`, `seal` and `inclusion_path` null. `evidence_integrity` says whether the stored registry exchange still hashes to `record.evidence` (`ok`) or was changed since it was kept (`mismatch`); null when the answer rests on no exchange. `answer_basis` says in words how the answer came about and whether a registry's reply is behind it (`registry_consulted`): a test key's answers, and those settled by the check digits or the format alone, had no registry. `registry_exchange` names the registry and endpoint asked and when (for a cached or stale answer: when the cache was filled), null without an exchange.
         *
         *     To check it offline: leaf = SHA-256(0x00 ‖ RFC 8785 canonical JSON of `record`) must equal `record_hash`; fold `inclusion_path` (each step: SHA-256(0x01 ‖ left ‖ right), the step's `hash` on its `side`) to get `seal.root`; SHA-256 of RFC 8785 of `{ previous_hash, root, count, from, to }` is `seal.hash`. The docs page *Evidence and ledger* has a ten-line script.
         *
         *     With `Accept: application/pdf` or `?format=pdf`: a one-page PDF in plain words for a tax auditor (number, result, company, registry, endpoint and how the answer came about, consultation number, when the registry was asked and when the request was made, request id, reference, record hash and seal); a test-mode proof says it is one, and that no registry was consulted. When the stored exchange fails its hash, the PDF says so in a warning under its title.
         *
         *     - **Worth knowing**: 404 `not_found` for an id that does not exist or belongs to another account or key mode; records removed by retention (`EVIDENCE_RETENTION_DAYS`) are gone too.
         */
        get: operations["getValidationProof"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/validations/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Validation records as CSV, streamed
         * @description Every record matching the filters as one CSV file, newest first, streamed as it is read: any number of rows, with memory that stays flat. One header row, then one row per record; RFC 4180 (comma, CRLF, fields quoted when they hold a comma, a quote or a line break, quotes doubled), UTF-8. A cell holding a line break is quoted. A cell a spreadsheet would run as a formula is written with a leading `'`, so it shows as text: a cell whose first character after any spaces is `=`, `+`, `-` or `@` in any Unicode form (full-width `＝ ＋ － ＠`, small, superscript or subscript, the minus sign `−`), or that starts with a tab, a carriage return or a line feed. Strip one leading `'` to get the value exactly. Empty cells stand for null; `valid`, `cached` and `stale` are `true` or `false`; times are ISO 8601 UTC.
         *
         *     Columns, in order: `id` (the record id, `val_…`), `created_at` (when the record was written), `request_id` (the request it answered), `reference` (your reference, or empty), `channel` (`sync`, `batch`, `async`, `bulk` or `monitor`), `batch_id` (the batch, or empty), `bulk_id` (the bulk file, or empty), `monitor_id` (the monitor, or empty), `vat_number` (the normalised number), `country_code` (its country code), `valid` (`true` or `false`), `company_name` (as the registry gave it, or empty), `company_address` (as the registry gave it, or empty), `consultation_number` (the registry’s proof of the check, or empty), `requester_vat_number` (your number, when sent), `requested_at` (when the registry was asked), `source` (`meta.source` of the answer), `source_status` (`meta.source_status`), `cached` (`true` or `false`), `cached_at` (when the cached answer was fetched, or empty), `stale` (`true` or `false`), `match` (the name and address comparison as JSON, or empty), `evidence_id` (the registry exchange, `evd_…`, or empty), `record_hash` (the record’s ledger hash), `seal_id` (its seal, empty until sealed), `sealed_at` (when it was sealed, or empty).
         *
         *     Filters, all optional and combined with AND: `vat_number` (normalised first, so `de 123 456 704` finds `DE123456704`), `country_code`, `valid`, `source`, `channel`, `reference`, `from` (inclusive) and `to` (exclusive) on the time the record was written (`created_at`), `monitor_id`, `bulk_id`. A filter that cannot match anything as written (a malformed number, an unknown country, a date that does not exist, `from` not before `to`) or a query parameter this operation does not take is 422 `validation_error` naming it.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`).
         *     - **Keys**: a live key sees the live records of its account, a test key the test-mode records (answers to test keys); no key sees another account's.
         *     - **Quota**: reading history never counts against the monthly quota.
         */
        get: operations["exportValidations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook configuration
         * @description The webhook of the key's mode, with its signing secret. 404 `not_found` when none is configured. The configuration is the key mode's first webhook endpoint (its oldest permanent one; see `/v1/webhooks/endpoints` for up to ten, each with its own events and secret).
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.
         */
        get: operations["getWebhookConfig"];
        /**
         * Create or update the webhook
         * @description Sets the URL that events are delivered to (see the `webhooks` section of this document for every kind). The first call creates the endpoint, subscribed to every event kind, and generates its signing secret (`whsec_…`, Standard Webhooks); later calls keep the secret and `created_at` unless `rotate_secret` is true (a new secret, answered here; for 24 hours deliveries also carry a signature with the previous one, so receivers keep verifying until they have the new one). `enabled: false` pauses deliveries: events are then recorded as failed deliveries, which can be replayed. The configuration is the key mode's first webhook endpoint (its oldest permanent one; see `/v1/webhooks/endpoints` for up to ten, each with its own events and secret).
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.
         *     - **Worth knowing**: the URL must be HTTPS and must not resolve to a loopback, private, link-local or reserved address (422 `validation_error`); it is checked again at every delivery. Creating it when the key mode has ten endpoints already is 409 `endpoint_limit_exceeded`.
         */
        put: operations["putWebhookConfig"];
        post?: never;
        /**
         * Remove the webhook
         * @description Removes the webhook of the key's mode (its first endpoint; other endpoints stay). Events that no endpoint subscribes to afterwards are recorded as failed deliveries (`failure_reason: webhook_not_configured`) and can be replayed once a webhook exists again. 404 `not_found` when none is configured.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.
         */
        delete: operations["deleteWebhookConfig"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deliveries, newest first, cursor pagination
         * @description Deliveries of the key's mode, newest first, `limit` at a time (default 20). `meta.next_cursor` (when `has_more`) fetches the next page as `cursor`. Filter by `status`, by `event` type and by `endpoint_id`.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.
         *     - **Worth knowing**: `limit` outside 1–100, a cursor this list did not return for this key mode and these filters (another list's, account's, key mode's or filter's, or malformed), or a query parameter this operation does not take is 422 `validation_error`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One delivery with payload, headers and attempts
         * @description One delivery with the exact body sent (`payload`), the request headers of its last attempt (signature included) and every attempt: time, status code, duration, the first 4 KiB of the response and the error. 404 `not_found` for an id that does not exist or belongs to another account or key mode.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/deliveries/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the same event again to its endpoint
         * @description Sends the delivery's event again, as a new delivery to the same endpoint at its current URL: the same body and `webhook-id` (receivers can deduplicate on it), signed afresh with the endpoint's secret (and its previous one within a day of a rotation). `replay_of` names the original. When that endpoint was removed (or the event had none), the replay goes to the key mode's first endpoint (the configuration's) if it subscribes to the event; without one it is recorded as failed (`webhook_not_configured`). A replay to an endpoint that is disabled or no longer subscribes to the event's kind is recorded as failed without an attempt (`webhook_disabled`, `webhook_unsubscribed`). A replay that fails is retried on the normal schedule. No body, or `{}`.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key mode's webhook endpoints
         * @description The key mode's webhook endpoints, oldest first, without their secrets. A temporary endpoint past its `expires_at` is gone from here (and from deliveries) at once.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.
         *     - **Endpoints**: up to 10 per key mode, temporary ones included. Every event goes to every enabled endpoint subscribed to its kind, each delivery naming its `endpoint_id` (`GET /v1/webhooks/deliveries?endpoint_id=…`); a replay goes to the same endpoint. `/v1/webhooks/config` manages the first one (the oldest that is not temporary).
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Adds an endpoint: 201 with it and its new signing secret (`whsec_…`, Standard Webhooks), shown here and on rotation only. `events` defaults to `["*"]`. With `expires_in` it is temporary: removed that many seconds from now unless renewed (`vat-service webhooks listen` keeps its session's endpoint this way, so one left by a stopped process goes by itself).
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.
         *     - **Endpoints**: up to 10 per key mode, temporary ones included. Every event goes to every enabled endpoint subscribed to its kind, each delivery naming its `endpoint_id` (`GET /v1/webhooks/deliveries?endpoint_id=…`); a replay goes to the same endpoint. `/v1/webhooks/config` manages the first one (the oldest that is not temporary).
         *     - **Worth knowing**: the URL must be HTTPS and must not resolve to a loopback, private, link-local or reserved address (422 `validation_error`); an unknown event kind is 422 naming it; an eleventh endpoint is 409 `endpoint_limit_exceeded`.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint
         * @description One endpoint, without its secret (`PATCH` with `rotate_secret: true` makes and shows a new one). 404 `not_found` for an id of another account or key mode, or a temporary endpoint that has expired.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.
         *     - **Endpoints**: up to 10 per key mode, temporary ones included. Every event goes to every enabled endpoint subscribed to its kind, each delivery naming its `endpoint_id` (`GET /v1/webhooks/deliveries?endpoint_id=…`); a replay goes to the same endpoint. `/v1/webhooks/config` manages the first one (the oldest that is not temporary).
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Remove a webhook endpoint
         * @description Removes the endpoint. Its deliveries stay listed with its `endpoint_id`; pending ones fail (`webhook_not_configured`), and a replay goes to the key mode's first endpoint if that one subscribes to the event.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.
         *     - **Endpoints**: up to 10 per key mode, temporary ones included. Every event goes to every enabled endpoint subscribed to its kind, each delivery naming its `endpoint_id` (`GET /v1/webhooks/deliveries?endpoint_id=…`); a replay goes to the same endpoint. `/v1/webhooks/config` manages the first one (the oldest that is not temporary).
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint, rotate its secret or renew it
         * @description Changes the members sent: `url` (checked as at creation), `events`, `description`, `enabled`, `rotate_secret: true` (the answer shows the new secret; for 24 hours deliveries also carry a signature with the previous one, so receivers keep verifying until they have the new one; a rotation within those 24 hours drops the secret before the previous one at once) and `expires_in` (renews a temporary endpoint; null makes it permanent). Deliveries waiting for a retry follow the endpoint as it is at each attempt: sent to its current URL, signed with its current secrets; disabled, or no longer subscribed to their kind, they fail at that attempt without being sent (`webhook_disabled`, `webhook_unsubscribed`).
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.
         *     - **Endpoints**: up to 10 per key mode, temporary ones included. Every event goes to every enabled endpoint subscribed to its kind, each delivery naming its `endpoint_id` (`GET /v1/webhooks/deliveries?endpoint_id=…`); a replay goes to the same endpoint. `/v1/webhooks/config` manages the first one (the oldest that is not temporary).
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v1/webhooks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event now
         * @description Sends a `test` event now to every enabled webhook endpoint of the key's mode subscribed to `test` (the configuration's endpoint subscribes to every kind) and answers once the attempts are over, with the delivery to the oldest of them: `status` and `last_status_code` say what the receiver answered (the others are in the deliveries list). Use it to check the URL and your signature verification. A failed test delivery is not retried. No body, or `{}`.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.
         *     - **Worth knowing**: 400 `webhook_not_configured` without an enabled endpoint subscribed to `test`. Samples of every other kind: `POST /v1/webhooks/trigger` (test keys).
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a sample event of any kind (test keys)
         * @description Sends a sample event of any kind now to every enabled test-mode endpoint subscribed to it, and answers once the attempts are over. Test mode cannot produce most events itself (asynchronous validation needs a live key), so this is how a handler of `validation.failed`, `batch.completed`, `monitor.changed` or `bulk.completed` is exercised before going live.
         *
         *     A sample is built by the code that builds the real event, from what test mode answers for its numbers (DE123456704 valid, DE999999903 with its registry unavailable, NL123456782B01 renamed), and is a normal test-mode event: the same envelope and schema, signed with the endpoint's secret. `reference` is `"sample"` wherever the kind has one, and the requests, batches, records, monitors and files it names exist only in it. A delivery that fails is retried on the normal schedule, and can be replayed.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook endpoints, secrets, events and deliveries; a test key never sees the live ones.
         *     - **Test keys only**: a live key gets 403 `forbidden`.
         *     - **Worth knowing**: an unknown kind is 422 `validation_error` naming it; 400 `webhook_not_configured` without an enabled test-mode endpoint subscribed to the kind.
         */
        post: operations["triggerWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "batch.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Every number of a batch queued by POST /v1/validate/async/batch is settled
         * @description `results` has one item per accepted position, in input order, shaped as `POST /v1/validate/batch` shapes them: an answer, or a failure item for a number whose registry stayed unavailable through every retry. `summary.total` equals the 202's `accepted`.
         *
         *     **Delivery**: a POST of the JSON body to the URL of every enabled endpoint subscribed to the event (one delivery each), signed per Standard Webhooks with that endpoint's secret (the headers below). Answer 2xx within 10 s: anything else (a redirect, which is never followed, a 4xx or 5xx, a timeout) is a failed attempt, retried (6 retries, after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), then the delivery is `failed`.
         *
         *     Every delivery and attempt can be read at `GET /v1/webhooks/deliveries` and sent again with `POST /v1/webhooks/deliveries/{id}/replay`; a replay carries the same body and `webhook-id`.
         */
        post: operations["batchCompletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "bulk.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Every accepted row of a file sent to POST /v1/bulk is answered
         * @description Sent once per file, to the key mode's endpoints subscribed to it, if any (test keys included: their files are answered from test mode). `data` has the counts of `GET /v1/bulk/{id}`; the rows themselves are in the results CSV at `results_url`.
         *
         *     **Delivery**: a POST of the JSON body to the URL of every enabled endpoint subscribed to the event (one delivery each), signed per Standard Webhooks with that endpoint's secret (the headers below). Answer 2xx within 10 s: anything else (a redirect, which is never followed, a 4xx or 5xx, a timeout) is a failed attempt, retried (6 retries, after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), then the delivery is `failed`.
         *
         *     Every delivery and attempt can be read at `GET /v1/webhooks/deliveries` and sent again with `POST /v1/webhooks/deliveries/{id}/replay`; a replay carries the same body and `webhook-id`.
         */
        post: operations["bulkCompletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "monitor.changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A monitored number changed: valid, company name or address
         * @description A check of a monitor (`POST /v1/monitors`) found `valid`, the company name or the company address different from the monitor's last successful check. `changes` lists each as `{ field, from, to }`; when `valid` changes it is the only change listed (a deregistration reports `valid: true → false`, not the company becoming null). A check the registry could not answer is never a change. Sent for the key mode the monitor belongs to, only to its endpoints subscribed to `monitor.changed`.
         *
         *     **Delivery**: a POST of the JSON body to the URL of every enabled endpoint subscribed to the event (one delivery each), signed per Standard Webhooks with that endpoint's secret (the headers below). Answer 2xx within 10 s: anything else (a redirect, which is never followed, a 4xx or 5xx, a timeout) is a failed attempt, retried (6 retries, after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), then the delivery is `failed`.
         *
         *     Every delivery and attempt can be read at `GET /v1/webhooks/deliveries` and sent again with `POST /v1/webhooks/deliveries/{id}/replay`; a replay carries the same body and `webhook-id`.
         */
        post: operations["monitorChangedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "rate.changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A VAT rate changes: a standard, reduced or super-reduced rate, or the rates of a category
         * @description A sync with the EU's Taxes in Europe Database (TEDB) applied a change taking effect today or later: one event per change, to every account's live-mode webhook (test mode gets sample events only). `kind` says what changed, `category` which category for kind `category`; `before` is what the service answered for `effective_from` until then, `after` what it answers from that day on (both highest rate first; empty when there is no such rate, or the category is at the standard rate). A change taking effect in the past is applied without an event. `GET /v1/rates/{country_code}?date=` answers the new rates from `effective_from` on.
         *
         *     **Delivery**: a POST of the JSON body to the URL of every enabled endpoint subscribed to the event (one delivery each), signed per Standard Webhooks with that endpoint's secret (the headers below). Answer 2xx within 10 s: anything else (a redirect, which is never followed, a 4xx or 5xx, a timeout) is a failed attempt, retried (6 retries, after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), then the delivery is `failed`.
         *
         *     Every delivery and attempt can be read at `GET /v1/webhooks/deliveries` and sent again with `POST /v1/webhooks/deliveries/{id}/replay`; a replay carries the same body and `webhook-id`.
         */
        post: operations["rateChangedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    test: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /v1/webhooks/test was called
         * @description Sent at once to the enabled endpoints of the calling key's mode subscribed to `test`, to check the URL and your signature verification. Test keys have their own endpoints; besides test events they get samples of every kind from `POST /v1/webhooks/trigger`.
         *
         *     **Delivery**: a POST of the JSON body to the URL of every enabled endpoint subscribed to the event (one delivery each), signed per Standard Webhooks with that endpoint's secret (the headers below). Answer 2xx within 10 s: anything else (a redirect, which is never followed, a 4xx or 5xx, a timeout) is a failed attempt, retried (6 retries, after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), then the delivery is `failed`.
         *
         *     Every delivery and attempt can be read at `GET /v1/webhooks/deliveries` and sent again with `POST /v1/webhooks/deliveries/{id}/replay`; a replay carries the same body and `webhook-id`.
         */
        post: operations["testEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "validation.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A number queued by POST /v1/validate/async was answered
         * @description `data` is the validation result as `GET /v1/validate` gives it, plus `request_id` (the `data.request_id` of the 202) and the answer's meta in `data.meta`. Sent for live keys only: test keys cannot queue numbers (a sample comes from `POST /v1/webhooks/trigger`).
         *
         *     **Delivery**: a POST of the JSON body to the URL of every enabled endpoint subscribed to the event (one delivery each), signed per Standard Webhooks with that endpoint's secret (the headers below). Answer 2xx within 10 s: anything else (a redirect, which is never followed, a 4xx or 5xx, a timeout) is a failed attempt, retried (6 retries, after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), then the delivery is `failed`.
         *
         *     Every delivery and attempt can be read at `GET /v1/webhooks/deliveries` and sent again with `POST /v1/webhooks/deliveries/{id}/replay`; a replay carries the same body and `webhook-id`.
         */
        post: operations["validationCompletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "validation.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A number queued by POST /v1/validate/async could not be answered
         * @description The number's registry stayed unavailable through every retry (5 retries, after 2 min, 6 min, 18 min, 54 min, 162 min). `data.error.code` is `upstream_unavailable` (`upstream_error` for GB numbers). The validation was counted when it was accepted.
         *
         *     **Delivery**: a POST of the JSON body to the URL of every enabled endpoint subscribed to the event (one delivery each), signed per Standard Webhooks with that endpoint's secret (the headers below). Answer 2xx within 10 s: anything else (a redirect, which is never followed, a 4xx or 5xx, a timeout) is a failed attempt, retried (6 retries, after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), then the delivery is `failed`.
         *
         *     Every delivery and attempt can be read at `GET /v1/webhooks/deliveries` and sent again with `POST /v1/webhooks/deliveries/{id}/replay`; a replay carries the same body and `webhook-id`.
         */
        post: operations["validationFailedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        AnswerMeta: {
            cached: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            cached_at?: string;
            /** @description Who answered: a registry, a national register standing in for VIES (`kas`: Poland's domestic VAT status, not the intra-EU VAT-UE registration; `ares`; `anaf`), or the service itself (`checksum`, `format`, `test`) */
            source: "vies" | "hmrc" | "uid" | "brreg" | "abr" | "kas" | "ares" | "anaf" | "bzst" | "checksum" | "format" | "test";
            /** @description `fallback`: VIES could not answer and the member state's own register did */
            source_status: "live" | "cached" | "unavailable" | "degraded" | "unverified" | "fallback";
            stale?: boolean;
        };
        ApiKey: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description The key id (key_…), for DELETE /v1/keys/{id} */
            id: string;
            last_used_at: string | null;
            mode: "live" | "test";
            name: string | null;
            /** @description The first 13 characters of the key (svc_live_ + 4), to tell keys apart */
            prefix: string;
            revoked_at: string | null;
        };
        AsyncBatchResult: {
            data: components["schemas"]["ValidationData"];
            meta: {
                cached: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                cached_at?: string;
                /**
                 * @description The `reference` sent with the number (trimmed), or null when none was sent
                 * @example customer-4711
                 */
                reference: string | null;
                /** @description Who answered: a registry, a national register standing in for VIES (`kas`: Poland's domestic VAT status, not the intra-EU VAT-UE registration; `ares`; `anaf`), or the service itself (`checksum`, `format`, `test`) */
                source: "vies" | "hmrc" | "uid" | "brreg" | "abr" | "kas" | "ares" | "anaf" | "bzst" | "checksum" | "format" | "test";
                /** @description `fallback`: VIES could not answer and the member state's own register did */
                source_status: "live" | "cached" | "unavailable" | "degraded" | "unverified" | "fallback";
                stale?: boolean;
                /**
                 * @description The record of this answer: `GET /v1/validations/{id}`
                 * @example val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
                 */
                validation_id: string;
            };
            /** @description 0-based index in the input as sent, rejected items included */
            position: number;
        } | {
            error: components["schemas"]["ErrorObject"];
            meta: {
                vat_number: string;
            };
            /** @description 0-based index in the input as sent, rejected items included */
            position: number;
        } | {
            meta: {
                /** @description The input as sent */
                vat_number: string;
            };
            /** @description 0-based index in the input as sent, rejected items included */
            position: number;
            /**
             * @description Not settled yet: poll again
             * @enum {string}
             */
            status: "pending";
        };
        AsyncBatchState: {
            /** @description Items queued (positions, duplicates included) */
            accepted: number;
            batch_id: string;
            completed_at: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description Processed positions whose registry stayed unavailable */
            failed: number;
            /** @description Accepted positions whose number is settled */
            processed: number;
            /** @description Malformed items, never queued */
            rejected: number;
            /** @description `pending` until the first number is settled, `processing` until the last */
            status: "pending" | "processing" | "completed";
            /** @description Processed positions with an answer */
            succeeded: number;
            /** @description Items sent */
            total: number;
        };
        AsyncRequestState: {
            /** @description Registry attempts made so far (crashed attempts included) */
            attempts: number;
            completed_at: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            error: {
                /** @description One of the documented error codes */
                code: "missing_parameter" | "invalid_json" | "webhook_not_configured" | "unauthorized" | "tier_insufficient" | "forbidden" | "monitor_limit_exceeded" | "not_found" | "request_timeout" | "category_not_found" | "conflict" | "endpoint_limit_exceeded" | "payload_too_large" | "unsupported_media_type" | "invalid_vat_format" | "validation_error" | "category_ambiguous" | "invalid_csv" | "idempotency_key_reused" | "rate_limit_exceeded" | "burst_limit_exceeded" | "internal_error" | "service_unavailable" | "upstream_error" | "upstream_unavailable";
                message: string;
            } | null;
            next_attempt_at: string | null;
            reference: string | null;
            /** @description The `data.request_id` of the 202 */
            request_id: string;
            result: {
                data: components["schemas"]["ValidationData"];
                meta: {
                    cached: boolean;
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    cached_at?: string;
                    /** @description Who answered: a registry, a national register standing in for VIES (`kas`: Poland's domestic VAT status, not the intra-EU VAT-UE registration; `ares`; `anaf`), or the service itself (`checksum`, `format`, `test`) */
                    source: "vies" | "hmrc" | "uid" | "brreg" | "abr" | "kas" | "ares" | "anaf" | "bzst" | "checksum" | "format" | "test";
                    /** @description `fallback`: VIES could not answer and the member state's own register did */
                    source_status: "live" | "cached" | "unavailable" | "degraded" | "unverified" | "fallback";
                    stale?: boolean;
                    /** @description The record of this answer (val_…) */
                    validation_id: string;
                };
            } | null;
            /** @description `failed` when the registry stayed unavailable through every retry */
            status: "pending" | "completed" | "failed";
            /** @description The normalised number */
            vat_number: string;
        };
        BatchCompletedEvent: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            data: {
                /** @description The `data.batch_id` of the 202 that accepted the batch */
                batch_id: string;
                /** @description One item per accepted position, in input order, as the synchronous batch shapes them */
                results: components["schemas"]["BatchItem"][];
                summary: {
                    failed: number;
                    succeeded: number;
                    total: number;
                };
            };
            /** @description Also the `webhook-id` header: the same on every retry and replay of the event */
            id: string;
            /** @enum {string} */
            type: "batch.completed";
        };
        BatchItem: {
            data: components["schemas"]["ValidationData"];
            meta: {
                cached: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                cached_at?: string;
                /**
                 * @description The `reference` sent with the number (trimmed), or null when none was sent
                 * @example customer-4711
                 */
                reference: string | null;
                /** @description Who answered: a registry, a national register standing in for VIES (`kas`: Poland's domestic VAT status, not the intra-EU VAT-UE registration; `ares`; `anaf`), or the service itself (`checksum`, `format`, `test`) */
                source: "vies" | "hmrc" | "uid" | "brreg" | "abr" | "kas" | "ares" | "anaf" | "bzst" | "checksum" | "format" | "test";
                /** @description `fallback`: VIES could not answer and the member state's own register did */
                source_status: "live" | "cached" | "unavailable" | "degraded" | "unverified" | "fallback";
                stale?: boolean;
                /**
                 * @description The record of this answer: `GET /v1/validations/{id}`
                 * @example val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
                 */
                validation_id: string;
            };
        } | {
            error: components["schemas"]["ErrorObject"];
            meta: {
                vat_number: string;
            };
        };
        BulkCompletedEvent: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            data: {
                /** @description Rows with a well-formed number */
                accepted: number;
                /** @description The `data.bulk_id` of the 202 that accepted the file */
                bulk_id: string;
                /** @description Accepted rows without an answer (registry unavailable through every retry) */
                failed: number;
                /** @description Rows refused at acceptance (their `error_code` is in the results) */
                rejected: number;
                /** @description GET it with the same key for the results CSV */
                results_url: string;
                /** @enum {string} */
                status: "completed";
                /** @description Accepted rows answered */
                succeeded: number;
                /** @description Data rows in the file */
                total: number;
            };
            /** @description Also the `webhook-id` header: the same on every retry and replay of the event */
            id: string;
            /** @enum {string} */
            type: "bulk.completed";
        };
        BulkProgress: {
            /** @description Rows with a well-formed number, duplicates included */
            accepted: number;
            bulk_id: string;
            completed_at: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description Seconds until completion at the pace so far; null before the first answer, 0 once completed */
            eta_seconds: number | null;
            /** @description Accepted rows without an answer: the registry stayed unavailable */
            failed: number;
            /** @description Accepted rows answered so far (succeeded + failed) */
            processed: number;
            /** @description Rows refused at acceptance; their `error_code` is in the results */
            rejected: number;
            /** @description The results CSV (rows answered so far while processing) */
            results_url: string;
            /** @description `pending` until the first row is answered, `completed` once every accepted row is */
            status: "pending" | "processing" | "completed";
            succeeded: number;
            /** @description Data rows in the file */
            total: number;
        };
        Decision: {
            account_id: string;
            amount: {
                /**
                 * @description ISO 4217, as sent
                 * @example EUR
                 */
                currency: string;
                /**
                 * @description net + vat
                 * @example 119.00
                 */
                gross: string;
                /**
                 * @description As sent, in decimal
                 * @example 100.00
                 */
                net: string;
                /**
                 * @description net × rate, rounded half up to the currency’s minor unit (ISO 4217)
                 * @example 19.00
                 */
                vat: string;
            } | null;
            buyer: {
                country_code: string;
                is_business: boolean | null;
                vat_number: string | null;
            };
            /** @description null when no buyer number was sent, or when it could not be checked (see `reasons`) */
            buyer_validation: {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                checked_at: string;
                /**
                 * @description `live` or `cached`; `unavailable` (a stale answer kept from before the registry went down) or `fallback` (a national register answered for VIES) are flagged here when they were used; `degraded` never gives a reverse charge or an intra-community supply
                 * @example live
                 */
                source_status: string;
                valid: boolean;
                /**
                 * @description The validation record of the check (`GET /v1/validations/{id}`)
                 * @example val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
                 */
                validation_id: string;
            } | null;
            /** @description The case of the rules table that decided (docs: Decisions) */
            case_id: string;
            category: string | null;
            /** @description Whether the seller charges VAT on the invoice; null when not assessed */
            charge_vat: boolean | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /**
             * Format: date
             * @example 2026-03-02
             */
            date: string;
            /**
             * @description dec_…
             * @example dec_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
             */
            id: string;
            invoice_note: {
                /**
                 * @description The languages of `text`, e.g. `de,en`
                 * @example de,en
                 */
                language: string;
                /** @description The note for the invoice: in the seller's country's language(s), then English */
                text: string;
            };
            ledger: {
                record_hash: string;
                seal_id: string | null;
                sealed_at: string | null;
            };
            /**
             * @example [
             *       "Directive 2006/112/EC Art. 44",
             *       "Art. 196"
             *     ]
             */
            legal_basis: string[];
            mode: "live" | "test";
            /** @description In percent; 0 when zero-rated or exempt; null when not assessed */
            rate: number | null;
            rate_type: ("standard" | "reduced" | "super_reduced" | "parking" | "zero" | "exempt") | null;
            /** @description Why this treatment, in plain sentences */
            reasons: string[];
            reference: string | null;
            request_id: string;
            seller: {
                country_code: string;
                eu_distance_sales_over_threshold: boolean;
                oss_registered: boolean;
                vat_number: string | null;
            };
            supply: {
                category: string | null;
                kind: "goods" | "services" | "digital_services";
                performed_in: string | null;
                ships_from: string | null;
            };
            /** @description How the sale is taxed (docs: Decisions) */
            treatment: "domestic" | "intra_community_supply" | "reverse_charge" | "distance_sale" | "export" | "outside_scope" | "not_assessed";
            /** @description Whose VAT applies (the place of supply); null for export, outside_scope and not_assessed */
            vat_country: string | null;
        };
        DecisionProof: {
            /** @description null when the decision rests on no check of the buyer (none sent, malformed, or not checkable) */
            buyer_record: {
                /** @description Not part of the hashed record: derived from its `mode`, `source` and `source_status` */
                answer_basis: {
                    /**
                     * @description How the answer came about, in words
                     * @example The registry was asked for this request.
                     */
                    description: string;
                    /** @description Whether a registry's reply is what the answer rests on (asked for this request, or earlier and kept in the cache); false for test-mode, check-digit and format-only answers */
                    registry_consulted: boolean;
                };
                /** @description As the registry gave it; null for an invalid number */
                company: {
                    address: string | null;
                    name: string | null;
                } | null;
                consultation_number: string | null;
                /** @description The validation record's own hash (its own proof proves it) */
                record_hash: string;
                requester_vat_number: string | null;
                source: string;
                source_status: string;
                valid: boolean;
                validation_id: string;
                vat_number: string;
            } | null;
            /** @description The decision exactly as hashed: RFC 8785 of this object is the leaf */
            decision: {
                account_id: string;
                amount: {
                    /**
                     * @description ISO 4217, as sent
                     * @example EUR
                     */
                    currency: string;
                    /**
                     * @description net + vat
                     * @example 119.00
                     */
                    gross: string;
                    /**
                     * @description As sent, in decimal
                     * @example 100.00
                     */
                    net: string;
                    /**
                     * @description net × rate, rounded half up to the currency’s minor unit (ISO 4217)
                     * @example 19.00
                     */
                    vat: string;
                } | null;
                buyer: {
                    country_code: string;
                    is_business: boolean | null;
                    vat_number: string | null;
                };
                /** @description null when no buyer number was sent, or when it could not be checked (see `reasons`) */
                buyer_validation: {
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    checked_at: string;
                    /**
                     * @description `live` or `cached`; `unavailable` (a stale answer kept from before the registry went down) or `fallback` (a national register answered for VIES) are flagged here when they were used; `degraded` never gives a reverse charge or an intra-community supply
                     * @example live
                     */
                    source_status: string;
                    valid: boolean;
                    /**
                     * @description The validation record of the check (`GET /v1/validations/{id}`)
                     * @example val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
                     */
                    validation_id: string;
                } | null;
                /** @description The case of the rules table that decided (docs: Decisions) */
                case_id: string;
                category: string | null;
                /** @description Whether the seller charges VAT on the invoice; null when not assessed */
                charge_vat: boolean | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date
                 * @example 2026-03-02
                 */
                date: string;
                /**
                 * @description dec_…
                 * @example dec_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
                 */
                id: string;
                invoice_note: {
                    /**
                     * @description The languages of `text`, e.g. `de,en`
                     * @example de,en
                     */
                    language: string;
                    /** @description The note for the invoice: in the seller's country's language(s), then English */
                    text: string;
                };
                /**
                 * @example [
                 *       "Directive 2006/112/EC Art. 44",
                 *       "Art. 196"
                 *     ]
                 */
                legal_basis: string[];
                mode: "live" | "test";
                /** @description In percent; 0 when zero-rated or exempt; null when not assessed */
                rate: number | null;
                rate_type: ("standard" | "reduced" | "super_reduced" | "parking" | "zero" | "exempt") | null;
                /** @description Why this treatment, in plain sentences */
                reasons: string[];
                reference: string | null;
                request_id: string;
                seller: {
                    country_code: string;
                    eu_distance_sales_over_threshold: boolean;
                    oss_registered: boolean;
                    vat_number: string | null;
                };
                supply: {
                    category: string | null;
                    kind: "goods" | "services" | "digital_services";
                    performed_in: string | null;
                    ships_from: string | null;
                };
                /** @description How the sale is taxed (docs: Decisions) */
                treatment: "domestic" | "intra_community_supply" | "reverse_charge" | "distance_sale" | "export" | "outside_scope" | "not_assessed";
                /** @description Whose VAT applies (the place of supply); null for export, outside_scope and not_assessed */
                vat_country: string | null;
            };
            /** @description From the decision's hash to the seal's root; null before sealing */
            inclusion_path: {
                hash: string;
                /** @description Where the sibling goes: left = SHA-256(0x01 ‖ sibling ‖ hash) */
                side: "left" | "right";
            }[] | null;
            /** @description SHA-256(0x00 ‖ RFC 8785 of decision), lowercase hex */
            record_hash: string;
            seal: {
                /** @description Records in the seal */
                count: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                from: string;
                /** @description SHA-256 of RFC 8785 of { previous_hash, root, count, from, to } */
                hash: string;
                /** @description seal_… (its position in the chain) */
                id: string;
                previous_hash: string | null;
                /** @description Merkle root over the seal's record hashes */
                root: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                sealed_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                to: string;
            } | null;
            /** @description false until the next seal closes the decision */
            sealed: boolean;
        };
        DeliveryDetail: {
            attempt_log: {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                duration_ms: number;
                error: string | null;
                response_body: string | null;
                status_code: number | null;
            }[];
            attempts: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            delivered_at: string | null;
            /** @description The endpoint it is for (it may have been removed since); null when no endpoint subscribed to the event */
            endpoint_id: string | null;
            /** @description The event kind: `validation.completed`, `validation.failed`, `batch.completed`, `monitor.changed`, `bulk.completed`, `rate.changed`, `test` */
            event: string;
            /** @description Also the webhook-id header: stable across retries and replays */
            event_id: string;
            /** @description Why the last attempt failed (the error, e.g. `The receiver answered HTTP 503.`), or why the delivery was not sent: `webhook_not_configured` (no endpoint subscribed, or its endpoint was removed or expired before the attempt), `webhook_disabled` (its endpoint is disabled), `webhook_unsubscribed` (its endpoint no longer subscribes to the kind). null once delivered */
            failure_reason: string | null;
            id: string;
            last_status_code: number | null;
            next_attempt_at: string | null;
            /** @description The exact body sent */
            payload: string;
            replay_of: string | null;
            request_headers: {
                [key: string]: string;
            } | null;
            status: "pending" | "delivered" | "failed";
            url: string | null;
        };
        DeliverySummary: {
            attempts: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            delivered_at: string | null;
            /** @description The endpoint it is for (it may have been removed since); null when no endpoint subscribed to the event */
            endpoint_id: string | null;
            /** @description The event kind: `validation.completed`, `validation.failed`, `batch.completed`, `monitor.changed`, `bulk.completed`, `rate.changed`, `test` */
            event: string;
            /** @description Also the webhook-id header: stable across retries and replays */
            event_id: string;
            /** @description Why the last attempt failed (the error, e.g. `The receiver answered HTTP 503.`), or why the delivery was not sent: `webhook_not_configured` (no endpoint subscribed, or its endpoint was removed or expired before the attempt), `webhook_disabled` (its endpoint is disabled), `webhook_unsubscribed` (its endpoint no longer subscribes to the kind). null once delivered */
            failure_reason: string | null;
            id: string;
            last_status_code: number | null;
            next_attempt_at: string | null;
            replay_of: string | null;
            status: "pending" | "delivered" | "failed";
            url: string | null;
        };
        /** @description Failure envelope */
        ErrorEnvelope: {
            error: components["schemas"]["ErrorObject"];
            meta: {
                request_id: string;
            };
        };
        ErrorObject: {
            /** @description One of the documented error codes */
            code: "missing_parameter" | "invalid_json" | "webhook_not_configured" | "unauthorized" | "tier_insufficient" | "forbidden" | "monitor_limit_exceeded" | "not_found" | "request_timeout" | "category_not_found" | "conflict" | "endpoint_limit_exceeded" | "payload_too_large" | "unsupported_media_type" | "invalid_vat_format" | "validation_error" | "category_ambiguous" | "invalid_csv" | "idempotency_key_reused" | "rate_limit_exceeded" | "burst_limit_exceeded" | "internal_error" | "service_unavailable" | "upstream_error" | "upstream_unavailable";
            /** Format: uri */
            docs_url: string;
            message: string;
            /** @description The input as sent (failed batch items only) */
            vat_number?: string;
        };
        Evidence: {
            duration_ms: number;
            /** @description evd_… */
            id: string;
            /**
             * @description Whether the stored evidence is still the bytes it was kept as, checked when it is served: `ok`, or `mismatch` when the reply no longer hashes to `response_sha256` (the hash sealed into the record; for a truncated reply, the hash of the bytes kept) or the request no longer hashes to the hash kept with it. Evidence that fails is shown as stored, never corrected; `vat-service ledger verify` reports it.
             * @example ok
             */
            integrity: "ok" | "mismatch";
            method: string;
            /** @description true: another account's requester and consultation numbers removed */
            redacted?: boolean;
            registry: string;
            /** @description The body or query string sent; credentials and tokens as [redacted] */
            request: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            requested_at: string;
            response: {
                /** @description The reply as received, up to 64 KiB (base64 when not UTF-8 text) */
                body: string;
                content_type: string | null;
                encoding: "utf8" | "base64";
                status: number;
                truncated: boolean;
            };
            /** @description SHA-256 of every byte of the reply, lowercase hex */
            response_sha256: string;
            /** @description Scheme, host and path: no credentials */
            url: string;
        };
        Monitor: {
            country_code: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            id: string;
            /** @description `monthly` is every 30 days */
            interval: "daily" | "weekly" | "monthly";
            last_checked_at: string | null;
            last_error: {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @description One of the documented error codes */
                code: "missing_parameter" | "invalid_json" | "webhook_not_configured" | "unauthorized" | "tier_insufficient" | "forbidden" | "monitor_limit_exceeded" | "not_found" | "request_timeout" | "category_not_found" | "conflict" | "endpoint_limit_exceeded" | "payload_too_large" | "unsupported_media_type" | "invalid_vat_format" | "validation_error" | "category_ambiguous" | "invalid_csv" | "idempotency_key_reused" | "rate_limit_exceeded" | "burst_limit_exceeded" | "internal_error" | "service_unavailable" | "upstream_error" | "upstream_unavailable";
                message: string;
            } | null;
            last_result: {
                company: {
                    address: string | null;
                    name: string | null;
                } | null;
                source: "vies" | "hmrc" | "uid" | "brreg" | "abr" | "kas" | "ares" | "anaf" | "bzst" | "checksum" | "format" | "test";
                valid: boolean;
                /** @description The record of the check: GET /v1/validations/{id} */
                validation_id: string;
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            next_check_at: string;
            reference: string | null;
            requester_vat_number: string | null;
            status: "active" | "paused";
            /** @description The normalised number */
            vat_number: string;
        };
        MonitorChangedEvent: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            data: {
                /** @description When `valid` changes, it is the only change listed */
                changes: {
                    field: "valid" | "company.name" | "company.address";
                    from: boolean | string | null;
                    to: boolean | string | null;
                }[];
                /** @description The monitor: GET /v1/monitors/{id} */
                monitor_id: string;
                /** @description The record of the last successful check before */
                previous_validation_id: string;
                /**
                 * @description The `reference` sent with the number (trimmed), or null when none was sent
                 * @example customer-4711
                 */
                reference: string | null;
                result: components["schemas"]["ValidationData"];
                /** @description The record of this check */
                validation_id: string;
                /** @description The normalised number */
                vat_number: string;
            };
            /** @description Also the `webhook-id` header: the same on every retry and replay of the event */
            id: string;
            /** @enum {string} */
            type: "monitor.changed";
        };
        RateCategoryEntry: {
            /**
             * @description TEDB's category identifier in lower case (`GET /v1/rates/categories` lists them)
             * @example foodstuffs
             */
            id: string;
            /** @description A short English name of the category */
            name: string;
            /** @description What restricts the rate, in the member state's words as TEDB gives them (e.g. imports only, a region); null when it applies to the whole category at home */
            note: string | null;
            /** @description Percent */
            rate: number;
            /** @description The first day from which the service answers this entry: the day it took effect, or for an entry unchanged since TEDB's snapshot the day of the member state's situation it was read from (the data starts there, not when the rate was introduced) */
            since: string;
            /** @description `reduced`, `super_reduced` (below 5 %), `parking` (a parking rate as TEDB labels it), `zero` (0 % with the right to deduct, as the hand-kept data states it), `exempt` (TEDB's `EXEMPTED`: 0 %, TEDB not saying whether input VAT is deductible) */
            type: "reduced" | "super_reduced" | "parking" | "zero" | "exempt";
        };
        RateChangedEvent: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            data: {
                /** @description What it answers from `effective_from` on; empty when the rate is gone (a category: now at the standard rate) */
                after: {
                    /** @description What restricts the rate, in the member state's words as TEDB gives them (e.g. imports only, a region); null when it applies to the whole category at home */
                    note: string | null;
                    /** @description Percent */
                    rate: number;
                    /** @description `standard` for the standard rate; otherwise as a category's entries: `reduced`, `super_reduced` (below 5 %), `parking` (a parking rate as TEDB labels it), `zero` (0 % with the right to deduct, as the hand-kept data states it), `exempt` (TEDB's `EXEMPTED`: 0 %, TEDB not saying whether input VAT is deductible) */
                    type: "standard" | "reduced" | "super_reduced" | "parking" | "zero" | "exempt";
                }[];
                /** @description What the service answered for that day before the change, highest rate first; empty when there was no such rate (for a category: it was at the standard rate) */
                before: {
                    /** @description What restricts the rate, in the member state's words as TEDB gives them (e.g. imports only, a region); null when it applies to the whole category at home */
                    note: string | null;
                    /** @description Percent */
                    rate: number;
                    /** @description `standard` for the standard rate; otherwise as a category's entries: `reduced`, `super_reduced` (below 5 %), `parking` (a parking rate as TEDB labels it), `zero` (0 % with the right to deduct, as the hand-kept data states it), `exempt` (TEDB's `EXEMPTED`: 0 %, TEDB not saying whether input VAT is deductible) */
                    type: "standard" | "reduced" | "super_reduced" | "parking" | "zero" | "exempt";
                }[];
                /** @description The category, for kind `category` */
                category: {
                    /**
                     * @description TEDB's category identifier in lower case (`GET /v1/rates/categories` lists them)
                     * @example foodstuffs
                     */
                    id: string;
                    /** @description A short English name of the category */
                    name: string;
                } | null;
                /**
                 * @description Two-letter code; Greece is EL
                 * @example RO
                 */
                country_code: string;
                /** @description The first day the new rates apply (UTC) */
                effective_from: string;
                /** @description `standard`, `reduced` or `super_reduced`: the rates of that type changed; `category`: the rates of one category */
                kind: "standard" | "reduced" | "super_reduced" | "category";
                /** @description The TEDB reply the change was read from */
                source: {
                    /** @enum {string} */
                    kind: "tedb";
                    /** @description SHA-256 (hex) of TEDB's reply */
                    reply_sha256: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    retrieved_at: string;
                };
            };
            /** @description Also the `webhook-id` header: the same on every retry and replay of the event */
            id: string;
            /** @enum {string} */
            type: "rate.changed";
        };
        RateRecord: {
            /** @description Two-letter code; Greece is EL */
            country_code: string;
            country_name: string;
            /** @description ISO 4217 */
            currency: string;
            other_rates: {
                /** @description The categories at this rate at home (rates for imports only or a region are in `GET /v1/rates/{country_code}/categories`, with their note); empty when unknown. A category at the standard rate is listed nowhere */
                categories: {
                    /**
                     * @description TEDB's category identifier in lower case (`GET /v1/rates/categories` lists them)
                     * @example foodstuffs
                     */
                    id: string;
                    /** @description A short English name of the category */
                    name: string;
                }[];
                rate: number;
                type: "reduced" | "super_reduced" | "zero";
            }[];
            /** @description Where the standard, reduced and super-reduced rates of this record come from */
            source: {
                /** @description `dataset`: the hand-kept rates data shipped with the service; `tedb`: a change a sync applied from the EU's Taxes in Europe Database */
                kind: "dataset" | "tedb";
                /** @description SHA-256 (hex) of TEDB's reply the change was read from; null for the hand-kept data */
                reply_sha256: string | null;
                /**
                 * Format: date-time
                 * @description When the data was retrieved: the hand-kept data's research cut-off, or when TEDB answered
                 */
                retrieved_at: string;
            };
            /** @description Percent */
            standard_rate: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updated_at: string;
        };
        /** @description A record without its evidence */
        RecordSummary: {
            account_id: string;
            batch_id: string | null;
            bulk_id: string | null;
            cached: boolean;
            cached_at: string | null;
            channel: "sync" | "batch" | "async" | "bulk" | "monitor";
            company: {
                address: string | null;
                name: string | null;
            } | null;
            consultation_number: string | null;
            country_code: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description val_… */
            id: string;
            ledger: {
                record_hash: string;
                seal_id: string | null;
                sealed_at: string | null;
            };
            match: {
                [key: string]: string;
            } | null;
            mode: "live" | "test";
            monitor_id: string | null;
            reference: string | null;
            request_id: string;
            requested_at: string | null;
            requester_vat_number: string | null;
            source: string;
            source_status: string;
            stale: boolean;
            valid: boolean;
            vat_number: string;
        };
        RegistryStatus: {
            /** @description Percent of calls answered over the last 24 h, all instances; null without calls */
            availability_24h: number | null;
            breaker: "closed" | "open" | "half_open";
            /** @description Last call or availability report; null when none yet */
            checked_at: string | null;
            last_failure_at: string | null;
            /** @description Latency of answered calls over the last 24 h, in ms (bucketed); null without answers */
            latency_ms_24h: {
                /** @description Upper bound of the latency bucket holding the median */
                p50: number | null;
                p95: number | null;
            };
            /** @description `down`: the breaker is open or VIES reports the member state unavailable; `degraded`: the breaker is probing, the last call failed, or fewer than 95% of calls were answered over 24 h */
            state: "operational" | "degraded" | "down";
        };
        TestEvent: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            data: {
                message: string;
            };
            /** @description Also the `webhook-id` header: the same on every retry and replay of the event */
            id: string;
            /** @enum {string} */
            type: "test";
        };
        UsageReport: {
            /** @description Records of the month by the answer's `meta.source` (a cached answer counts under its registry) */
            by_source: {
                abr: number;
                anaf: number;
                ares: number;
                brreg: number;
                bzst: number;
                checksum: number;
                format: number;
                hmrc: number;
                kas: number;
                test: number;
                uid: number;
                vies: number;
            };
            /** @description Every day of the month up to today (none for a month that has not begun) */
            daily: {
                /**
                 * Format: date
                 * @description UTC day, YYYY-MM-DD
                 */
                date: string;
                /** @description Records made that day */
                validations: number;
            }[];
            /** @description Validations a month on the account's tier */
            limit: number;
            monitors: {
                /** @description Monitors allowed on the account's tier, per key mode */
                limit: number;
                /** @description Monitored numbers of the key mode */
                used: number;
            };
            /** @description Calendar month in UTC, YYYY-MM */
            month: string;
            /** @description `limit - used`, never below 0 */
            remaining: number;
            /**
             * Format: date-time
             * @description The first instant of the next month (UTC)
             */
            reset_at: string;
            /** @description The account's tier now; its limit applies to every month shown */
            tier: string;
            /** @description Validations charged this month: the quota counter itself */
            used: number;
        };
        ValidationCompletedEvent: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            data: components["schemas"]["ValidationData"] & {
                meta: components["schemas"]["AnswerMeta"];
                /**
                 * @description The `reference` sent with the number (trimmed), or null when none was sent
                 * @example customer-4711
                 */
                reference: string | null;
                /** @description The `data.request_id` of the 202 that accepted the number */
                request_id: string;
                /**
                 * @description The record of this answer: `GET /v1/validations/{id}`
                 * @example val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
                 */
                validation_id: string;
            };
            /** @description Also the `webhook-id` header: the same on every retry and replay of the event */
            id: string;
            /** @enum {string} */
            type: "validation.completed";
        };
        ValidationData: {
            /** @description null when invalid */
            company: {
                address: string | null;
                name: string | null;
            } | null;
            consultation_number?: string | null;
            country_code: string;
            /** @description How the trader fields sent compare with the registered data; null when no `trader_*` field was sent */
            match: {
                /** @description How the city sent compares with the registered one */
                city: "match" | "partial" | "mismatch" | "not_processed";
                /** @description How the legal form sent compares with the registered one */
                company_type: "match" | "partial" | "mismatch" | "not_processed";
                /** @description `registry`: the registry compared (VIES approximate check, the German federal tax office); `computed`: the service compared what the registry returned */
                method: "registry" | "computed";
                /** @description How the name sent compares with the registered one */
                name: "match" | "partial" | "mismatch" | "not_processed";
                /** @description How the postcode sent compares with the registered one */
                postcode: "match" | "partial" | "mismatch" | "not_processed";
                /** @description How the street sent compares with the registered one */
                street: "match" | "partial" | "mismatch" | "not_processed";
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            requested_at: string;
            valid: boolean;
            /** @description The normalised number, e.g. DE123456704 */
            vat_number: string;
        };
        ValidationFailedEvent: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            data: {
                error: {
                    /** @description One of the documented error codes */
                    code: "missing_parameter" | "invalid_json" | "webhook_not_configured" | "unauthorized" | "tier_insufficient" | "forbidden" | "monitor_limit_exceeded" | "not_found" | "request_timeout" | "category_not_found" | "conflict" | "endpoint_limit_exceeded" | "payload_too_large" | "unsupported_media_type" | "invalid_vat_format" | "validation_error" | "category_ambiguous" | "invalid_csv" | "idempotency_key_reused" | "rate_limit_exceeded" | "burst_limit_exceeded" | "internal_error" | "service_unavailable" | "upstream_error" | "upstream_unavailable";
                    message: string;
                };
                /**
                 * @description The `reference` sent with the number (trimmed), or null when none was sent
                 * @example customer-4711
                 */
                reference: string | null;
                /** @description The `data.request_id` of the 202 that accepted the number */
                request_id: string;
                /** @description The normalised number */
                vat_number: string;
            };
            /** @description Also the `webhook-id` header: the same on every retry and replay of the event */
            id: string;
            /** @enum {string} */
            type: "validation.failed";
        };
        ValidationProof: {
            /** @description Not part of the hashed record: derived from its `mode`, `source` and `source_status` */
            answer_basis: {
                /**
                 * @description How the answer came about, in words
                 * @example The registry was asked for this request.
                 */
                description: string;
                /** @description Whether a registry's reply is what the answer rests on (asked for this request, or earlier and kept in the cache); false for test-mode, check-digit and format-only answers */
                registry_consulted: boolean;
            };
            /** @description The registry exchange behind `record.evidence`, checked now: `ok` when its stored reply still hashes to `record.evidence` (and its request to the hash kept with it), `mismatch` when the stored evidence was changed since; null without evidence. Outside `record`, so it is not part of what is hashed. */
            evidence_integrity: ("ok" | "mismatch") | null;
            /** @description From the record's hash to the seal's root; null before sealing */
            inclusion_path: {
                hash: string;
                /** @description Where the sibling goes: left = SHA-256(0x01 ‖ sibling ‖ hash) */
                side: "left" | "right";
            }[] | null;
            /** @description The record exactly as hashed: RFC 8785 of this object is the leaf */
            record: {
                account_id: string;
                batch_id: string | null;
                bulk_id: string | null;
                cached: boolean;
                cached_at: string | null;
                channel: "sync" | "batch" | "async" | "bulk" | "monitor";
                company: {
                    address: string | null;
                    name: string | null;
                } | null;
                consultation_number: string | null;
                country_code: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                evidence: string | null;
                /** @description val_… */
                id: string;
                match: {
                    [key: string]: string;
                } | null;
                mode: "live" | "test";
                monitor_id: string | null;
                reference: string | null;
                request_id: string;
                requested_at: string | null;
                requester_vat_number: string | null;
                source: string;
                source_status: string;
                stale: boolean;
                valid: boolean;
                vat_number: string;
            };
            /** @description SHA-256(0x00 ‖ RFC 8785 of record), lowercase hex */
            record_hash: string;
            registry_exchange: {
                duration_ms: number;
                method: string;
                /**
                 * @description Who answered: `vies`, `hmrc`, `uid`, `brreg`, `abr`, or a national register (`ares`, `anaf`, `kas`)
                 * @example vies
                 */
                registry: string;
                /** @example EU VIES */
                registry_name: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                requested_at: string;
                /** @description The registry's HTTP status */
                response_status: number;
                /** @description The endpoint asked: scheme, host and path, no credentials */
                url: string;
            } | null;
            seal: {
                /** @description Records in the seal */
                count: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                from: string;
                /** @description SHA-256 of RFC 8785 of { previous_hash, root, count, from, to } */
                hash: string;
                /** @description seal_… (its position in the chain) */
                id: string;
                previous_hash: string | null;
                /** @description Merkle root over the seal's record hashes */
                root: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                sealed_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                to: string;
            } | null;
            /** @description false until the next seal closes the record */
            sealed: boolean;
        };
        ValidationRecord: {
            account_id: string;
            batch_id: string | null;
            bulk_id: string | null;
            cached: boolean;
            cached_at: string | null;
            channel: "sync" | "batch" | "async" | "bulk" | "monitor";
            company: {
                address: string | null;
                name: string | null;
            } | null;
            consultation_number: string | null;
            country_code: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            evidence: components["schemas"]["Evidence"] | null;
            /** @description val_… */
            id: string;
            ledger: {
                record_hash: string;
                seal_id: string | null;
                sealed_at: string | null;
            };
            match: {
                [key: string]: string;
            } | null;
            mode: "live" | "test";
            monitor_id: string | null;
            reference: string | null;
            request_id: string;
            requested_at: string | null;
            requester_vat_number: string | null;
            source: string;
            source_status: string;
            stale: boolean;
            valid: boolean;
            vat_number: string;
        };
        WebhookConfig: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            enabled: boolean;
            /** @description whsec_ + base64 of 32 random bytes (Standard Webhooks) */
            signing_secret: string;
            /** Format: uri */
            url: string;
        };
        WebhookEndpoint: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            description: string | null;
            /** @description false: events it subscribes to are recorded as failed deliveries */
            enabled: boolean;
            /** @description The event kinds it receives (`validation.completed`, `validation.failed`, `batch.completed`, `monitor.changed`, `bulk.completed`, `rate.changed`, `test`), or `["*"]` for every kind, those added later included */
            events: string[];
            /** @description When a temporary endpoint ends unless renewed (PATCH with `expires_in`); from then on it is removed. null: permanent */
            expires_at: string | null;
            /**
             * @description A webhook endpoint id (`we_…`)
             * @example we_5hJ2kL9mN3pQ7rS1tV4w
             */
            id: string;
            /** @description whsec_ + base64 of 32 random bytes (Standard Webhooks); only in the answers that create the endpoint or rotate its secret */
            signing_secret?: string;
            /** Format: uri */
            url: string;
        };
    };
    responses: never;
    parameters: {
        /**
         * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
         * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
         */
        IdempotencyKey: string;
        /**
         * @description The event id (`id` of the body): the same on every retry and replay, so you can deduplicate on it
         * @example evt_6f1d2c3b4a5948e7b6c5d4e3f2a1b0c9
         */
        WebhookId: string;
        /**
         * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). In the 24 hours after a rotation of the secret, two such signatures separated by a space, with the new secret and the previous one: accept the delivery when any matches. Compare in constant time, against the raw body as received
         * @example v1,1fDb+WixxWHufj/GEHZnHjQYkJrUNu5ycswipBjPzWo=
         */
        WebhookSignature: string;
        /**
         * @description When this attempt was signed, in Unix seconds. Refuse deliveries too far from your clock (e.g. 5 minutes) to stop replays
         * @example 1772443804
         */
        WebhookTimestamp: string;
        /**
         * @description Identifies the sender
         * @example vat-service-webhooks/1
         */
        WebhookUserAgent: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            status: "ok";
                        };
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
        };
    };
    ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            checks: {
                                database: boolean;
                            };
                            ready: boolean;
                        };
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description The database does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            checks: {
                                database: boolean;
                            };
                            ready: boolean;
                        };
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
        };
    };
    listBulkFiles: {
        parameters: {
            query?: {
                /** @description `meta.next_cursor` of the previous page, with the same key mode and filters (any other cursor is 422 `validation_error`) */
                cursor?: string;
                /**
                 * @description Items per page, 1 to 100 (default 20)
                 * @example 20
                 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of bulk files */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BulkProgress"][];
                        meta: {
                            has_more: boolean;
                            next_cursor: string | null;
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    uploadBulkFile: {
        parameters: {
            query?: {
                /** @description `false` asks the registry for every number even when a cached answer exists */
                cache?: "true" | "false";
                /**
                 * @description Your own id, kept on the record of every row whose `reference` cell is empty; 1–128 printable characters, as every reference
                 * @example import-2026-03
                 */
                reference?: string;
            };
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The CSV file */
                    file?: string;
                };
                /**
                 * @example vat_number;reference;trader_name
                 *     DE123456704;customer-4711;Musterfirma
                 *     NL123456782B01;customer-4712;Testbedrijf
                 *     DE12345;customer-4713;Typo GmbH
                 */
                "text/csv": string;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Validations per calendar month (UTC) on the account's tier */
                    "X-RateLimit-Limit"?: number;
                    /** @description Validations left this month */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the monthly quota renews: the first instant of next month, UTC */
                    "X-RateLimit-Reset"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Rows queued, duplicates included */
                            accepted: number;
                            bulk_id: string;
                            /** @description Rows with a malformed number or reference; their `error_code` is in the results */
                            rejected: number;
                            /** @description `completed` at once when every row was rejected */
                            status: "pending" | "completed";
                            /** @description Data rows in the file */
                            total: number;
                        };
                        meta: {
                            request_duration_ms: number;
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `invalid_csv`: The CSV file cannot be read.
             *     - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds.
             *     - `rate_limit_exceeded`: The monthly validation quota is exhausted.
             */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBulkFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A bulk file id (`blk_…`)
                 * @example blk_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The progress */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BulkProgress"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBulkResults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A bulk file id (`blk_…`)
                 * @example blk_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results file */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listDecisions: {
        parameters: {
            query?: {
                /**
                 * @description The buyer's country (GR or EL for Greece)
                 * @example FR
                 */
                buyer_country?: string;
                /** @description `meta.next_cursor` of the previous page, with the same filters */
                cursor?: string;
                /**
                 * @description Decisions made at or after this instant (ISO 8601 date or date-time with a time zone)
                 * @example 2026-03-01
                 */
                from?: string;
                /**
                 * @description Decisions per page, 1 to 100 (default 20)
                 * @example 20
                 */
                limit?: number;
                /**
                 * @description Your reference, as sent
                 * @example invoice-2026-0042
                 */
                reference?: string;
                /**
                 * @description Decisions made before this instant (exclusive)
                 * @example 2026-04-01
                 */
                to?: string;
                /**
                 * @description Only decisions with this treatment
                 * @example reverse_charge
                 */
                treatment?: "domestic" | "intra_community_supply" | "reverse_charge" | "distance_sale" | "export" | "outside_scope" | "not_assessed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of decisions */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Decision"][];
                        meta: {
                            has_more: boolean;
                            next_cursor: string | null;
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createDecision: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "seller": {
                 *         "country_code": "DE",
                 *         "vat_number": "DE123456704"
                 *       },
                 *       "buyer": {
                 *         "country_code": "FR",
                 *         "vat_number": "FR40303265045",
                 *         "is_business": true
                 *       },
                 *       "supply": {
                 *         "kind": "services"
                 *       },
                 *       "date": "2026-03-02",
                 *       "amount": {
                 *         "net": "100.00",
                 *         "currency": "EUR"
                 *       },
                 *       "reference": "invoice-2026-0042"
                 *     }
                 */
                "application/json": {
                    amount?: {
                        /**
                         * @description ISO 4217
                         * @example EUR
                         */
                        currency: string;
                        /**
                         * @description The net amount of the line, non-negative: a JSON number or a decimal string
                         * @example 100.00
                         */
                        net: number | string;
                    };
                    buyer: {
                        /**
                         * @description The buyer’s country, as `seller.country_code`
                         * @example FR
                         */
                        country_code: string;
                        /** @description The buyer says it is a business */
                        is_business?: boolean;
                        /**
                         * @description Checked as on GET /v1/validate (charged once, recorded); one that fails its format is answered as to a consumer
                         * @example FR40303265045
                         */
                        vat_number?: string;
                    };
                    /** @description YYYY-MM-DD, from 2021-07-01 (default today, UTC) */
                    date?: string;
                    /**
                     * @description Your own id for the invoice or order, 1–128 printable characters
                     * @example invoice-2026-0042
                     */
                    reference?: string;
                    seller: {
                        /**
                         * @description The seller’s country: an EU member state (GR or EL for Greece), XI, GB, CH, LI, NO or AU
                         * @example DE
                         */
                        country_code: string;
                        /** @description Sales of goods to consumers in other member states plus digital services to them exceeded EUR 10,000 last calendar year, or this year with this sale (default false) */
                        eu_distance_sales_over_threshold?: boolean;
                        /** @description Registered for the one-stop shop (default false) */
                        oss_registered?: boolean;
                        /**
                         * @description Shown in the invoice note as given: letters and digits, with the spaces, dots, hyphens and slashes numbers are written with
                         * @example DE123456704
                         */
                        vat_number?: string;
                    };
                    supply: {
                        /**
                         * @description A rate category id (GET /v1/rates/categories); without one the standard rate applies
                         * @example accommodation
                         */
                        category?: string;
                        /** @description `digital_services`: telecommunications, broadcasting and electronically supplied services */
                        kind: "goods" | "services" | "digital_services";
                        /**
                         * @description Services bound to a place: where they are performed (default the seller’s country); any ISO 3166 code
                         * @example DE
                         */
                        performed_in?: string;
                        /**
                         * @description Goods: the country they are dispatched from (default the seller’s); any ISO 3166 code, goods from elsewhere than the countries decided for are imports, not assessed
                         * @example DE
                         */
                        ships_from?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The decision */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Validations per calendar month (UTC) on the account's tier */
                    "X-RateLimit-Limit"?: number;
                    /** @description Validations left this month */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the monthly quota renews: the first instant of next month, UTC */
                    "X-RateLimit-Reset"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Decision"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `invalid_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `category_ambiguous`: The rate category has several rates in this country.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds.
             *     - `rate_limit_exceeded`: The monthly validation quota is exhausted.
             */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getDecision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A decision id (`dec_…`)
                 * @example dec_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The decision */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Decision"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getDecisionProof: {
        parameters: {
            query?: {
                /**
                 * @description `pdf` for the one-page PDF (as `Accept: application/pdf`); default JSON
                 * @example pdf
                 */
                format?: "json" | "pdf";
            };
            header?: never;
            path: {
                /**
                 * @description A decision id (`dec_…`)
                 * @example dec_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proof */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DecisionProof"];
                        meta: {
                            request_id: string;
                        };
                    };
                    "application/pdf": Blob;
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `forbidden`: Test keys cannot use asynchronous validation. */
            403: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `live` (registries, quota) or `test` (magic numbers, no quota) */
                    mode: "live" | "test";
                    /** @description What you call the key (1 to 100 printable characters, trimmed) */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The new key */
            201: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"] & {
                            /** @description The key itself: shown only in this answer */
                            key: string;
                        };
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `invalid_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `forbidden`: Test keys cannot use asynchronous validation. */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description A key id (`key_…`), not the key
                 * @example key_7Hq2xLm3Pw9sT4vB
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key, revoked */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `forbidden`: Test keys cannot use asynchronous validation. */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listMonitors: {
        parameters: {
            query?: {
                /** @description `meta.next_cursor` of the previous page, with the same key mode and filters (any other cursor is 422 `validation_error`) */
                cursor?: string;
                /**
                 * @description Items per page, 1 to 100 (default 20)
                 * @example 20
                 */
                limit?: number;
                /** @example customer-4711 */
                reference?: string;
                status?: "active" | "paused";
                /** @description `valid` of the last successful check */
                valid?: "true" | "false";
                /** @example DE123456704 */
                vat_number?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of monitors */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Monitor"][];
                        meta: {
                            has_more: boolean;
                            next_cursor: string | null;
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `invalid_vat_format`: The VAT number is not in a recognised format.
             */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createMonitor: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `monthly` is every 30 days */
                    interval: "daily" | "weekly" | "monthly";
                    /**
                     * @description Your own id for the customer or order, 1–128 printable characters (spaces around it are trimmed). Kept on the validation record and returned in `meta.reference`.
                     * @example customer-4711
                     */
                    reference?: string;
                    /**
                     * @description Your own VAT number, for consultation numbers (Business and Scale tiers); a malformed one is 422 `invalid_vat_format`
                     * @example DE136695976
                     */
                    requester_vat_number?: string;
                    /**
                     * @description VAT number with its country prefix; spaces, dots, dashes and slashes are ignored. A malformed one (empty, over 100 characters, not the country’s format) is `invalid_vat_format`
                     * @example DE123456704
                     */
                    vat_number: string;
                };
            };
        };
        responses: {
            /** @description The number was monitored already; nothing counted */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Validations per calendar month (UTC) on the account's tier */
                    "X-RateLimit-Limit"?: number;
                    /** @description Validations left this month */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the monthly quota renews: the first instant of next month, UTC */
                    "X-RateLimit-Reset"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Monitor"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description Created; its first check is queued and counted */
            201: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Validations per calendar month (UTC) on the account's tier */
                    "X-RateLimit-Limit"?: number;
                    /** @description Validations left this month */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the monthly quota renews: the first instant of next month, UTC */
                    "X-RateLimit-Reset"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Monitor"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `invalid_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `tier_insufficient`: This feature needs a higher subscription tier.
             *     - `monitor_limit_exceeded`: The account's monitor limit is reached.
             */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `invalid_vat_format`: The VAT number is not in a recognised format.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds.
             *     - `rate_limit_exceeded`: The monthly validation quota is exhausted.
             */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A monitor id (`mon_…`)
                 * @example mon_4fQ8xY2kLp9Rt3Vw6Zb1
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitor */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Monitor"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteMonitor: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description A monitor id (`mon_…`)
                 * @example mon_4fQ8xY2kLp9Rt3Vw6Zb1
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateMonitor: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description A monitor id (`mon_…`)
                 * @example mon_4fQ8xY2kLp9Rt3Vw6Zb1
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `monthly` is every 30 days */
                    interval?: "daily" | "weekly" | "monthly";
                    /** @description null removes it */
                    reference?: string | null;
                    status?: "active" | "paused";
                };
            };
        };
        responses: {
            /** @description The monitor as changed */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Monitor"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `invalid_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    checkMonitor: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description A monitor id (`mon_…`)
                 * @example mon_4fQ8xY2kLp9Rt3Vw6Zb1
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description None or {} */
        requestBody: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The check is queued and counted */
            202: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Validations per calendar month (UTC) on the account's tier */
                    "X-RateLimit-Limit"?: number;
                    /** @description Validations left this month */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the monthly quota renews: the first instant of next month, UTC */
                    "X-RateLimit-Reset"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Monitor"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `invalid_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds.
             *     - `rate_limit_exceeded`: The monthly validation quota is exhausted.
             */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createMonitors: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `monthly` is every 30 days */
                    interval: "daily" | "weekly" | "monthly";
                    /**
                     * @description Your own id for the customer or order, 1–128 printable characters (spaces around it are trimmed). Kept on the validation record and returned in `meta.reference`.
                     * @example customer-4711
                     */
                    reference?: string;
                    vat_numbers: string[];
                };
            };
        };
        responses: {
            /** @description The monitors */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Validations per calendar month (UTC) on the account's tier */
                    "X-RateLimit-Limit"?: number;
                    /** @description Validations left this month */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the monthly quota renews: the first instant of next month, UTC */
                    "X-RateLimit-Reset"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description One per well-formed number, new or existing, in input order */
                            monitors: components["schemas"]["Monitor"][];
                            /** @description Malformed numbers: no monitor */
                            rejected: {
                                error: {
                                    code: string;
                                    message: string;
                                };
                                /** @description The input as sent */
                                vat_number: string;
                            }[];
                        };
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `invalid_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `tier_insufficient`: This feature needs a higher subscription tier.
             *     - `monitor_limit_exceeded`: The account's monitor limit is reached.
             */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds.
             *     - `rate_limit_exceeded`: The monthly validation quota is exhausted.
             */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listRates: {
        parameters: {
            query?: {
                /**
                 * @description The day whose rates to answer, YYYY-MM-DD (UTC), from 2024-01-01 on; default today
                 * @example 2026-03-02
                 */
                date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One rate record per country */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RateRecord"][];
                        meta: {
                            count: number;
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getRates: {
        parameters: {
            query?: {
                /**
                 * @description The day whose rates to answer, YYYY-MM-DD (UTC), from 2024-01-01 on; default today
                 * @example 2026-03-02
                 */
                date?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Case-insensitive; GR accepted for EL
                 * @example DE
                 */
                country_code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The country's rate record */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RateRecord"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCountryRateCategories: {
        parameters: {
            query?: {
                /**
                 * @description The day whose rates to answer, YYYY-MM-DD (UTC), from 2024-01-01 on; default today
                 * @example 2026-03-02
                 */
                date?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Case-insensitive; GR accepted for EL
                 * @example DE
                 */
                country_code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every entry of the country on that day, by category id, then rate */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RateCategoryEntry"][];
                        meta: {
                            count: number;
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCountryRateCategory: {
        parameters: {
            query?: {
                /**
                 * @description The day whose rates to answer, YYYY-MM-DD (UTC), from 2024-01-01 on; default today
                 * @example 2026-03-02
                 */
                date?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Case-insensitive; GR accepted for EL
                 * @example DE
                 */
                country_code: string;
                /**
                 * @description A category id from `GET /v1/rates/categories`
                 * @example foodstuffs
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The category's entries in the country on that day; empty at the standard rate */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RateCategoryEntry"][];
                        meta: {
                            count: number;
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `not_found`: The requested resource was not found.
             *     - `category_not_found`: No such rate category.
             */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listRateCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The categories, by id */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description TEDB's own English text for the category: what it covers */
                            description: string;
                            /**
                             * @description TEDB's category identifier in lower case (`GET /v1/rates/categories` lists them)
                             * @example foodstuffs
                             */
                            id: string;
                            /** @description A short English name of the category */
                            name: string;
                        }[];
                        meta: {
                            count: number;
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every registry and VIES member state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            generated_at: string;
                            /** @description The rates' sync with the EU's Taxes in Europe Database (TEDB) */
                            rates: {
                                /** @description When the last sync with TEDB ended; null before the first */
                                last_sync_at: string | null;
                                /** @description Differences from TEDB the last sync that compared found and did not apply (report mode) */
                                pending_differences: number;
                                /** @description `ok`: TEDB answered and its reply was compared (and applied, when the sync applies); `failed`: TEDB did not answer; `refused`: its reply was malformed or would have removed a country or moved a standard rate by more than 10 points, so nothing was applied */
                                result: ("ok" | "failed" | "refused") | null;
                            };
                            /** @description Redis, through which the instances share burst and registry rate limits, as the instance that answered sees it now */
                            redis: {
                                /** @description When this instance saw the state begin; null when not configured */
                                since: string | null;
                                /** @description `down`: this instance cannot use Redis (it failed, or did not answer within the command timeout); until it answers again, burst limits are counted by each instance on its own and registry rate limits in the database. `not_configured`: the service runs without Redis */
                                state: "operational" | "down" | "not_configured";
                            };
                            registries: {
                                abr: components["schemas"]["RegistryStatus"];
                                anaf: components["schemas"]["RegistryStatus"];
                                ares: components["schemas"]["RegistryStatus"];
                                brreg: components["schemas"]["RegistryStatus"];
                                bzst: components["schemas"]["RegistryStatus"];
                                hmrc: components["schemas"]["RegistryStatus"];
                                kas: components["schemas"]["RegistryStatus"];
                                uid: components["schemas"]["RegistryStatus"];
                                vies: components["schemas"]["RegistryStatus"] & {
                                    /** @description One entry per VIES member state (Greece as EL, Northern Ireland as XI) */
                                    member_states: {
                                        [key: string]: components["schemas"]["RegistryStatus"];
                                    };
                                };
                            };
                        };
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /**
                 * @description Calendar month in UTC, YYYY-MM (default: the current month)
                 * @example 2026-03
                 */
                month?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The month */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UsageReport"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    validate: {
        parameters: {
            query: {
                /**
                 * @description `false` asks the registry even when a cached answer exists
                 * @example false
                 */
                cache?: "true" | "false";
                /**
                 * @description Your own id for the customer or order, 1–128 printable characters (spaces around it are trimmed). Kept on the validation record and returned in `meta.reference`.
                 * @example customer-4711
                 */
                reference?: string;
                /**
                 * @description Your own VAT number, for consultation numbers (Business and Scale tiers); a malformed one is 422 `invalid_vat_format`
                 * @example DE136695976
                 */
                requester_vat_number?: string;
                /**
                 * @description City; compared as `data.match.city`
                 * @example Amsterdam
                 */
                trader_city?: string;
                /**
                 * @description The legal form (`GmbH`, `Ltd`, `S.A.`, or a VIES code such as `ES-3`); compared as `data.match.company_type`
                 * @example B.V.
                 */
                trader_company_type?: string;
                /**
                 * @description The trader's name as you know it, legal form included; compared with the registered name (`data.match.name`)
                 * @example Grachten Techniek B.V.
                 */
                trader_name?: string;
                /**
                 * @description Postcode; compared as `data.match.postcode`
                 * @example 1015 CJ
                 */
                trader_postcode?: string;
                /**
                 * @description Street and house number; compared as `data.match.street`
                 * @example Keizersgracht 123
                 */
                trader_street?: string;
                /**
                 * @description VAT number with its country prefix; spaces, dots, dashes and slashes are ignored. A malformed one (empty, over 100 characters, not the country’s format) is `invalid_vat_format`
                 * @example DE123456704
                 */
                vat_number: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The validation result */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Validations per calendar month (UTC) on the account's tier */
                    "X-RateLimit-Limit"?: number;
                    /** @description Validations left this month */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the monthly quota renews: the first instant of next month, UTC */
                    "X-RateLimit-Reset"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ValidationData"];
                        meta: {
                            cached: boolean;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            cached_at?: string;
                            /** @enum {string} */
                            mode?: "test";
                            /**
                             * @description The `reference` sent with the number (trimmed), or null when none was sent
                             * @example customer-4711
                             */
                            reference: string | null;
                            request_id: string;
                            /** @description Who answered: a registry, a national register standing in for VIES (`kas`: Poland's domestic VAT status, not the intra-EU VAT-UE registration; `ares`; `anaf`), or the service itself (`checksum`, `format`, `test`) */
                            source: "vies" | "hmrc" | "uid" | "brreg" | "abr" | "kas" | "ares" | "anaf" | "bzst" | "checksum" | "format" | "test";
                            /** @description `fallback`: VIES could not answer and the member state's own register did */
                            source_status: "live" | "cached" | "unavailable" | "degraded" | "unverified" | "fallback";
                            stale?: boolean;
                            /**
                             * @description The record of this answer: `GET /v1/validations/{id}`
                             * @example val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
                             */
                            validation_id: string;
                        };
                    };
                };
            };
            /** @description - `missing_parameter`: A required parameter is missing. */
            400: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `invalid_vat_format`: The VAT number is not in a recognised format.
             *     - `validation_error`: The request is not valid.
             */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds.
             *     - `rate_limit_exceeded`: The monthly validation quota is exhausted.
             */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `service_unavailable`: The service cannot reach its database. Retry later.
             *     - `upstream_unavailable`: The registry for this country is unavailable. Retry later.
             *     - `upstream_error`: The UK VAT registry (HMRC) returned an error. Retry later.
             */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    validateAsync: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description `false` asks the registry even when a cached answer exists
                     * @default true
                     */
                    cache?: boolean;
                    /**
                     * @description Your own id for the customer or order, 1–128 printable characters (spaces around it are trimmed). Kept on the validation record and returned in `meta.reference`.
                     * @example customer-4711
                     */
                    reference?: string;
                    /**
                     * @description Your own VAT number, for consultation numbers (Business and Scale tiers); a malformed one is 422 `invalid_vat_format`
                     * @example DE136695976
                     */
                    requester_vat_number?: string;
                    /**
                     * @description City; compared as `data.match.city`
                     * @example Amsterdam
                     */
                    trader_city?: string;
                    /**
                     * @description The legal form (`GmbH`, `Ltd`, `S.A.`, or a VIES code such as `ES-3`); compared as `data.match.company_type`
                     * @example B.V.
                     */
                    trader_company_type?: string;
                    /**
                     * @description The trader's name as you know it, legal form included; compared with the registered name (`data.match.name`)
                     * @example Grachten Techniek B.V.
                     */
                    trader_name?: string;
                    /**
                     * @description Postcode; compared as `data.match.postcode`
                     * @example 1015 CJ
                     */
                    trader_postcode?: string;
                    /**
                     * @description Street and house number; compared as `data.match.street`
                     * @example Keizersgracht 123
                     */
                    trader_street?: string;
                    /**
                     * @description VAT number with its country prefix; spaces, dots, dashes and slashes are ignored. A malformed one (empty, over 100 characters, not the country’s format) is `invalid_vat_format`
                     * @example DE123456704
                     */
                    vat_number: string;
                };
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Validations per calendar month (UTC) on the account's tier */
                    "X-RateLimit-Limit"?: number;
                    /** @description Validations left this month */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the monthly quota renews: the first instant of next month, UTC */
                    "X-RateLimit-Reset"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The `reference` sent (trimmed), or null; the event carries it too */
                            reference: string | null;
                            /** @description Also `data.request_id` of the event that follows */
                            request_id: string;
                            /** @enum {string} */
                            status: "pending";
                            /** @description The normalised number */
                            vat_number: string;
                        };
                        meta: {
                            request_duration_ms: number;
                            request_id: string;
                        };
                    };
                };
            };
            /**
             * @description - `invalid_json`: The request body is not valid JSON.
             *     - `webhook_not_configured`: No enabled webhook is configured for this account.
             */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `tier_insufficient`: This feature needs a higher subscription tier.
             *     - `forbidden`: Test keys cannot use asynchronous validation.
             */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `invalid_vat_format`: The VAT number is not in a recognised format.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds.
             *     - `rate_limit_exceeded`: The monthly validation quota is exhausted.
             */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAsyncRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The `data.request_id` of the 202
                 * @example 8e4b2a71-3c5d-4f60-9a1b-2c3d4e5f6a7b
                 */
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AsyncRequestState"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    validateAsyncBatch: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description `false` asks the registry even when a cached answer exists
                     * @default true
                     */
                    cache?: boolean;
                    /**
                     * @description Your own id for the customer or order, 1–128 printable characters (spaces around it are trimmed). Kept on the validation record and returned in `meta.reference`.
                     * @example customer-4711
                     */
                    reference?: string;
                    /**
                     * @description Your own VAT number, for consultation numbers (Business and Scale tiers); a malformed one is 422 `invalid_vat_format`
                     * @example DE136695976
                     */
                    requester_vat_number?: string;
                    /** @description At most 200 (Pro) or 1000 (Business, Scale): a string, or `{ vat_number, reference, trader_name, … }` for a number with its own reference and trader fields to compare (`data.match`) */
                    vat_numbers: (string | {
                        /**
                         * @description Your own id for the customer or order, 1–128 printable characters (spaces around it are trimmed). Kept on the validation record and returned in `meta.reference`.
                         * @example customer-4711
                         */
                        reference?: string;
                        /**
                         * @description City; compared as `data.match.city`
                         * @example Amsterdam
                         */
                        trader_city?: string;
                        /**
                         * @description The legal form (`GmbH`, `Ltd`, `S.A.`, or a VIES code such as `ES-3`); compared as `data.match.company_type`
                         * @example B.V.
                         */
                        trader_company_type?: string;
                        /**
                         * @description The trader's name as you know it, legal form included; compared with the registered name (`data.match.name`)
                         * @example Grachten Techniek B.V.
                         */
                        trader_name?: string;
                        /**
                         * @description Postcode; compared as `data.match.postcode`
                         * @example 1015 CJ
                         */
                        trader_postcode?: string;
                        /**
                         * @description Street and house number; compared as `data.match.street`
                         * @example Keizersgracht 123
                         */
                        trader_street?: string;
                        /**
                         * @description VAT number with its country prefix; spaces, dots, dashes and slashes are ignored. A malformed one (empty, over 100 characters, not the country’s format) is `invalid_vat_format`
                         * @example DE123456704
                         */
                        vat_number: string;
                    })[];
                };
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Validations per calendar month (UTC) on the account's tier */
                    "X-RateLimit-Limit"?: number;
                    /** @description Validations left this month */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the monthly quota renews: the first instant of next month, UTC */
                    "X-RateLimit-Reset"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Items queued (positions, duplicates included) */
                            accepted: number;
                            /** @description Also `data.batch_id` of the batch.completed event; null when every item was rejected */
                            batch_id: string | null;
                            /** @description The top-level `reference` sent (trimmed), or null; items sent with their own have it in their result */
                            reference: string | null;
                            /** @description Malformed items: never queued, not counted */
                            rejected: {
                                error: {
                                    code: string;
                                    message: string;
                                };
                                /** @description The input as sent */
                                vat_number: string;
                            }[];
                            status: "pending" | "completed";
                            /** @description Items sent */
                            total: number;
                        };
                        meta: {
                            request_duration_ms: number;
                            request_id: string;
                        };
                    };
                };
            };
            /**
             * @description - `invalid_json`: The request body is not valid JSON.
             *     - `webhook_not_configured`: No enabled webhook is configured for this account.
             */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `tier_insufficient`: This feature needs a higher subscription tier.
             *     - `forbidden`: Test keys cannot use asynchronous validation.
             */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `invalid_vat_format`: The VAT number is not in a recognised format.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds.
             *     - `rate_limit_exceeded`: The monthly validation quota is exhausted.
             */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAsyncBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The `data.batch_id` of the 202
                 * @example 2d9f6c3a-7b8e-4d1f-8a2b-9c0d1e2f3a4b
                 */
                batch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AsyncBatchState"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAsyncBatchResults: {
        parameters: {
            query?: {
                /** @description `meta.next_cursor` of the previous page, with the same key mode and filters (any other cursor is 422 `validation_error`) */
                cursor?: string;
                /**
                 * @description Items per page, 1 to 100 (default 20)
                 * @example 20
                 */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The `data.batch_id` of the 202
                 * @example 2d9f6c3a-7b8e-4d1f-8a2b-9c0d1e2f3a4b
                 */
                batch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AsyncBatchResult"][];
                        meta: {
                            has_more: boolean;
                            next_cursor: string | null;
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    validateBatch: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description `false` asks the registries even when cached answers exist
                     * @default true
                     */
                    cache?: boolean;
                    /**
                     * @description Your own id for the customer or order, 1–128 printable characters (spaces around it are trimmed). Kept on the validation record and returned in `meta.reference`.
                     * @example customer-4711
                     */
                    reference?: string;
                    /**
                     * @description Your own VAT number, for consultation numbers (Business and Scale tiers); a malformed one is 422 `invalid_vat_format`
                     * @example DE136695976
                     */
                    requester_vat_number?: string;
                    /** @description 1 to 50 numbers, each with its country prefix: a string, or `{ vat_number, reference, trader_name, … }` for a number with its own reference and trader fields to compare (`data.match`) */
                    vat_numbers: (string | {
                        /**
                         * @description Your own id for the customer or order, 1–128 printable characters (spaces around it are trimmed). Kept on the validation record and returned in `meta.reference`.
                         * @example customer-4711
                         */
                        reference?: string;
                        /**
                         * @description City; compared as `data.match.city`
                         * @example Amsterdam
                         */
                        trader_city?: string;
                        /**
                         * @description The legal form (`GmbH`, `Ltd`, `S.A.`, or a VIES code such as `ES-3`); compared as `data.match.company_type`
                         * @example B.V.
                         */
                        trader_company_type?: string;
                        /**
                         * @description The trader's name as you know it, legal form included; compared with the registered name (`data.match.name`)
                         * @example Grachten Techniek B.V.
                         */
                        trader_name?: string;
                        /**
                         * @description Postcode; compared as `data.match.postcode`
                         * @example 1015 CJ
                         */
                        trader_postcode?: string;
                        /**
                         * @description Street and house number; compared as `data.match.street`
                         * @example Keizersgracht 123
                         */
                        trader_street?: string;
                        /**
                         * @description VAT number with its country prefix; spaces, dots, dashes and slashes are ignored. A malformed one (empty, over 100 characters, not the country’s format) is `invalid_vat_format`
                         * @example DE123456704
                         */
                        vat_number: string;
                    })[];
                };
            };
        };
        responses: {
            /** @description One result per input, in input order */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Validations per calendar month (UTC) on the account's tier */
                    "X-RateLimit-Limit"?: number;
                    /** @description Validations left this month */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the monthly quota renews: the first instant of next month, UTC */
                    "X-RateLimit-Reset"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            results: components["schemas"]["BatchItem"][];
                            summary: {
                                failed: number;
                                succeeded: number;
                                total: number;
                            };
                        };
                        meta: {
                            /** @enum {string} */
                            mode?: "test";
                            request_duration_ms: number;
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `invalid_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `invalid_vat_format`: The VAT number is not in a recognised format.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds.
             *     - `rate_limit_exceeded`: The monthly validation quota is exhausted.
             */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listValidations: {
        parameters: {
            query?: {
                /**
                 * @description Rows of one bulk file
                 * @example blk_4Kd9
                 */
                bulk_id?: string;
                /**
                 * @description How the number was sent
                 * @example sync
                 */
                channel?: "sync" | "batch" | "async" | "bulk" | "monitor";
                /**
                 * @description The country code of the number as answered (`EL` for Greece, `XI` for Northern Ireland)
                 * @example DE
                 */
                country_code?: string;
                /**
                 * @description `meta.next_cursor` of the previous page, with the same filters
                 * @example MTc3MjQ0MzgwMDAwMC52YWxfMDE5YjdhMmU0YzFkN2YzYTliMmM0ZDZlOGYwYTFiMmMuNGYzYzFhOWIwZTJkN2M1YQ
                 */
                cursor?: string;
                /**
                 * @description Records written at or after this instant (`created_at`), ISO 8601: a date (`2026-03-01`, midnight UTC) or a date and time with `Z` or an offset
                 * @example 2026-03-01T00:00:00Z
                 */
                from?: string;
                /**
                 * @description Items per page, 1 to 100 (default 20)
                 * @example 20
                 */
                limit?: number;
                /**
                 * @description Checks made by one monitor
                 * @example mon_7Qx2
                 */
                monitor_id?: string;
                /**
                 * @description Your reference, as sent with the validation (1-128 printable characters)
                 * @example customer-4711
                 */
                reference?: string;
                /**
                 * @description `meta.source` of the answer
                 * @example vies
                 */
                source?: "vies" | "hmrc" | "uid" | "brreg" | "abr" | "kas" | "ares" | "anaf" | "bzst" | "checksum" | "format" | "test";
                /**
                 * @description Records written before this instant (exclusive), ISO 8601 as `from`
                 * @example 2026-04-01
                 */
                to?: string;
                /**
                 * @description Only valid, or only invalid, answers
                 * @example true
                 */
                valid?: "true" | "false";
                /**
                 * @description A VAT number with its country prefix, normalised as on /v1/validate before matching
                 * @example DE 123 456 704
                 */
                vat_number?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of records */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RecordSummary"][];
                        meta: {
                            has_more: boolean;
                            next_cursor: string | null;
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getValidation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A record id (`val_…`), as in `meta.validation_id` of the answer
                 * @example val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ValidationRecord"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getValidationProof: {
        parameters: {
            query?: {
                /**
                 * @description `pdf` for the one-page PDF (as `Accept: application/pdf`); default JSON
                 * @example pdf
                 */
                format?: "json" | "pdf";
            };
            header?: never;
            path: {
                /**
                 * @description A validation record id (`val_…`), as in `meta.validation_id`
                 * @example val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proof */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ValidationProof"];
                        meta: {
                            request_id: string;
                        };
                    };
                    "application/pdf": Blob;
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportValidations: {
        parameters: {
            query?: {
                /**
                 * @description Rows of one bulk file
                 * @example blk_4Kd9
                 */
                bulk_id?: string;
                /**
                 * @description How the number was sent
                 * @example sync
                 */
                channel?: "sync" | "batch" | "async" | "bulk" | "monitor";
                /**
                 * @description The country code of the number as answered (`EL` for Greece, `XI` for Northern Ireland)
                 * @example DE
                 */
                country_code?: string;
                /**
                 * @description Records written at or after this instant (`created_at`), ISO 8601: a date (`2026-03-01`, midnight UTC) or a date and time with `Z` or an offset
                 * @example 2026-03-01T00:00:00Z
                 */
                from?: string;
                /**
                 * @description Checks made by one monitor
                 * @example mon_7Qx2
                 */
                monitor_id?: string;
                /**
                 * @description Your reference, as sent with the validation (1-128 printable characters)
                 * @example customer-4711
                 */
                reference?: string;
                /**
                 * @description `meta.source` of the answer
                 * @example vies
                 */
                source?: "vies" | "hmrc" | "uid" | "brreg" | "abr" | "kas" | "ares" | "anaf" | "bzst" | "checksum" | "format" | "test";
                /**
                 * @description Records written before this instant (exclusive), ISO 8601 as `from`
                 * @example 2026-04-01
                 */
                to?: string;
                /**
                 * @description Only valid, or only invalid, answers
                 * @example true
                 */
                valid?: "true" | "false";
                /**
                 * @description A VAT number with its country prefix, normalised as on /v1/validate before matching
                 * @example DE 123 456 704
                 */
                vat_number?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The records as CSV */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWebhookConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook configuration */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookConfig"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putWebhookConfig: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default true */
                    enabled?: boolean;
                    /** @description true generates a new signing secret; for 24 hours deliveries are signed with the previous secret too */
                    rotate_secret?: boolean;
                    /** @description HTTPS URL; private, loopback and reserved targets are refused */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The webhook configuration */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookConfig"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `invalid_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `endpoint_limit_exceeded`: This key mode already has the most webhook endpoints it may have.
             *     - `conflict`: The request contradicts the current state.
             */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteWebhookConfig: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                        };
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description `meta.next_cursor` of the previous page, with the same key mode and filters (any other cursor is 422 `validation_error`) */
                cursor?: string;
                /**
                 * @description Only the deliveries for this endpoint (`we_…`), removed ones included
                 * @example we_5hJ2kL9mN3pQ7rS1tV4w
                 */
                endpoint_id?: string;
                /**
                 * @description Event type, e.g. batch.completed
                 * @example batch.completed
                 */
                event?: string;
                /**
                 * @description Items per page, 1 to 100 (default 20)
                 * @example 20
                 */
                limit?: number;
                /** @example failed */
                status?: "pending" | "delivered" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DeliverySummary"][];
                        meta: {
                            has_more: boolean;
                            next_cursor: string | null;
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A delivery id (`dlv_…`)
                 * @example dlv_3kT9vXq2LmN8pR4sW7yZ
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DeliveryDetail"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description A delivery id (`dlv_…`)
                 * @example dlv_3kT9vXq2LmN8pR4sW7yZ
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description None or {} */
        requestBody: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The new delivery, after its attempt */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DeliveryDetail"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `invalid_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every endpoint, oldest first */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"][];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your own note, up to 256 characters with no control characters; null for none */
                    description?: string | null;
                    /** @description Default true */
                    enabled?: boolean;
                    /**
                     * @description Event kinds to receive (validation.completed, validation.failed, batch.completed, monitor.changed, bulk.completed, rate.changed, test), or ["*"] for every kind, those added later included. An unknown kind is 422 `validation_error` naming it.
                     * @example [
                     *       "validation.completed",
                     *       "batch.completed"
                     *     ]
                     */
                    events?: string[];
                    /**
                     * @description Makes the endpoint temporary: removed this many seconds from now (30 to 86400) unless renewed with PATCH
                     * @example 60
                     */
                    expires_in?: number;
                    /** @description HTTPS URL; private, loopback and reserved targets are refused, at creation and at every delivery */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The new endpoint, with its signing secret */
            201: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `invalid_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `endpoint_limit_exceeded`: This key mode already has the most webhook endpoints it may have.
             *     - `conflict`: The request contradicts the current state.
             */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A webhook endpoint id (`we_…`)
                 * @example we_9cD3eF7gH1jK5mN8pQ2r
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `validation_error`: The request is not valid. */
            422: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description A webhook endpoint id (`we_…`)
                 * @example we_9cD3eF7gH1jK5mN8pQ2r
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                        };
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description A webhook endpoint id (`we_…`)
                 * @example we_9cD3eF7gH1jK5mN8pQ2r
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your own note, up to 256 characters with no control characters; null for none */
                    description?: string | null;
                    enabled?: boolean;
                    /**
                     * @description Event kinds to receive (validation.completed, validation.failed, batch.completed, monitor.changed, bulk.completed, rate.changed, test), or ["*"] for every kind, those added later included. An unknown kind is 422 `validation_error` naming it.
                     * @example [
                     *       "validation.completed",
                     *       "batch.completed"
                     *     ]
                     */
                    events?: string[];
                    /** @description Renews a temporary endpoint; null makes it permanent */
                    expires_in?: number | null;
                    /** @description true generates a new signing secret, shown in the answer; for 24 hours deliveries are signed with the previous secret too */
                    rotate_secret?: boolean;
                    /** @description HTTPS URL; private, loopback and reserved targets are refused, at creation and at every delivery */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description The endpoint as changed */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /** @description - `invalid_json`: The request body is not valid JSON. */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `not_found`: The requested resource was not found. */
            404: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description None or {} */
        requestBody: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The delivery, after its attempt */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DeliverySummary"];
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /**
             * @description - `invalid_json`: The request body is not valid JSON.
             *     - `webhook_not_configured`: No enabled webhook is configured for this account.
             */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `tier_insufficient`: This feature needs a higher subscription tier. */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    triggerWebhookEvent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: 1 to 255 visible ASCII characters, unique per request (a UUID). For 24 hours, a retry with the same key and the same request gets the first answer again (`Idempotent-Replayed: true`), with nothing done or charged again and no new event; the same key with a different body is 422 `idempotency_key_reused`; a retry while the first request still runs waits a few seconds for it, then gets 409 `conflict`. Keys are per account and key mode. Answers with status 409, 429 or 5xx are not kept: a retry with the same key runs again.
                 * @example 5f0c6c7e-2b1d-4c55-9a55-0a8e6b7f4a21
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The kind of event to send: validation.completed, validation.failed, batch.completed, monitor.changed, bulk.completed, rate.changed, test. An unknown kind is 422 `validation_error` naming it.
                     * @example batch.completed
                     */
                    event: string;
                };
            };
        };
        responses: {
            /** @description The sample and its deliveries */
            200: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests per sliding 60 s on the account's tier */
                    "X-Burst-Limit"?: number;
                    /** @description Requests left in the current 60 s window */
                    "X-Burst-Remaining"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description One per enabled endpoint subscribed to the kind, oldest endpoint first, after its attempt */
                            deliveries: components["schemas"]["DeliverySummary"][];
                            /** @description Its kind */
                            event: string;
                            /** @description The sample event: its `id`, and the `webhook-id` header */
                            event_id: string;
                        };
                        meta: {
                            request_id: string;
                        };
                    };
                };
            };
            /**
             * @description - `invalid_json`: The request body is not valid JSON.
             *     - `webhook_not_configured`: No enabled webhook is configured for this account.
             */
            400: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unauthorized`: A valid API key is required: send `Authorization: Bearer <key>`. */
            401: {
                headers: {
                    /** @description `Bearer`, or `Bearer error="invalid_token"` when a key was sent but refused (RFC 6750) */
                    "WWW-Authenticate"?: string;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `tier_insufficient`: This feature needs a higher subscription tier.
             *     - `forbidden`: Test keys cannot use asynchronous validation.
             */
            403: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `request_timeout`: The request was not received in time; the connection is closed. */
            408: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `conflict`: The request contradicts the current state. */
            409: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `unsupported_media_type`: The request body must be JSON: send `Content-Type: application/json`. */
            415: {
                headers: {
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description - `validation_error`: The request is not valid.
             *     - `idempotency_key_reused`: This Idempotency-Key was already used with a different request body.
             */
            422: {
                headers: {
                    /** @description Present on an answer repeated for a retry with the same `Idempotency-Key`: the first request's status and body, nothing done again */
                    "Idempotent-Replayed"?: "true";
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `burst_limit_exceeded`: Too many requests in the last 60 seconds. */
            429: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description - `service_unavailable`: The service cannot reach its database. Retry later. */
            503: {
                headers: {
                    /** @description Whole seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Your X-Request-Id when it was 1–128 visible ASCII characters, else a UUID; also `meta.request_id` */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    batchCompletedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifies the sender
                 * @example vat-service-webhooks/1
                 */
                "user-agent": components["parameters"]["WebhookUserAgent"];
                /**
                 * @description The event id (`id` of the body): the same on every retry and replay, so you can deduplicate on it
                 * @example evt_6f1d2c3b4a5948e7b6c5d4e3f2a1b0c9
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). In the 24 hours after a rotation of the secret, two such signatures separated by a space, with the new secret and the previous one: accept the delivery when any matches. Compare in constant time, against the raw body as received
                 * @example v1,1fDb+WixxWHufj/GEHZnHjQYkJrUNu5ycswipBjPzWo=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description When this attempt was signed, in Unix seconds. Refuse deliveries too far from your clock (e.g. 5 minutes) to stop replays
                 * @example 1772443804
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchCompletedEvent"];
            };
        };
        responses: {
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not followed. A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "3XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    bulkCompletedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifies the sender
                 * @example vat-service-webhooks/1
                 */
                "user-agent": components["parameters"]["WebhookUserAgent"];
                /**
                 * @description The event id (`id` of the body): the same on every retry and replay, so you can deduplicate on it
                 * @example evt_6f1d2c3b4a5948e7b6c5d4e3f2a1b0c9
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). In the 24 hours after a rotation of the secret, two such signatures separated by a space, with the new secret and the previous one: accept the delivery when any matches. Compare in constant time, against the raw body as received
                 * @example v1,1fDb+WixxWHufj/GEHZnHjQYkJrUNu5ycswipBjPzWo=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description When this attempt was signed, in Unix seconds. Refuse deliveries too far from your clock (e.g. 5 minutes) to stop replays
                 * @example 1772443804
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkCompletedEvent"];
            };
        };
        responses: {
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not followed. A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "3XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    monitorChangedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifies the sender
                 * @example vat-service-webhooks/1
                 */
                "user-agent": components["parameters"]["WebhookUserAgent"];
                /**
                 * @description The event id (`id` of the body): the same on every retry and replay, so you can deduplicate on it
                 * @example evt_6f1d2c3b4a5948e7b6c5d4e3f2a1b0c9
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). In the 24 hours after a rotation of the secret, two such signatures separated by a space, with the new secret and the previous one: accept the delivery when any matches. Compare in constant time, against the raw body as received
                 * @example v1,1fDb+WixxWHufj/GEHZnHjQYkJrUNu5ycswipBjPzWo=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description When this attempt was signed, in Unix seconds. Refuse deliveries too far from your clock (e.g. 5 minutes) to stop replays
                 * @example 1772443804
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MonitorChangedEvent"];
            };
        };
        responses: {
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not followed. A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "3XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    rateChangedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifies the sender
                 * @example vat-service-webhooks/1
                 */
                "user-agent": components["parameters"]["WebhookUserAgent"];
                /**
                 * @description The event id (`id` of the body): the same on every retry and replay, so you can deduplicate on it
                 * @example evt_6f1d2c3b4a5948e7b6c5d4e3f2a1b0c9
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). In the 24 hours after a rotation of the secret, two such signatures separated by a space, with the new secret and the previous one: accept the delivery when any matches. Compare in constant time, against the raw body as received
                 * @example v1,1fDb+WixxWHufj/GEHZnHjQYkJrUNu5ycswipBjPzWo=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description When this attempt was signed, in Unix seconds. Refuse deliveries too far from your clock (e.g. 5 minutes) to stop replays
                 * @example 1772443804
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RateChangedEvent"];
            };
        };
        responses: {
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not followed. A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "3XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    testEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifies the sender
                 * @example vat-service-webhooks/1
                 */
                "user-agent": components["parameters"]["WebhookUserAgent"];
                /**
                 * @description The event id (`id` of the body): the same on every retry and replay, so you can deduplicate on it
                 * @example evt_6f1d2c3b4a5948e7b6c5d4e3f2a1b0c9
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). In the 24 hours after a rotation of the secret, two such signatures separated by a space, with the new secret and the previous one: accept the delivery when any matches. Compare in constant time, against the raw body as received
                 * @example v1,1fDb+WixxWHufj/GEHZnHjQYkJrUNu5ycswipBjPzWo=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description When this attempt was signed, in Unix seconds. Refuse deliveries too far from your clock (e.g. 5 minutes) to stop replays
                 * @example 1772443804
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestEvent"];
            };
        };
        responses: {
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not followed. A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "3XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    validationCompletedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifies the sender
                 * @example vat-service-webhooks/1
                 */
                "user-agent": components["parameters"]["WebhookUserAgent"];
                /**
                 * @description The event id (`id` of the body): the same on every retry and replay, so you can deduplicate on it
                 * @example evt_6f1d2c3b4a5948e7b6c5d4e3f2a1b0c9
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). In the 24 hours after a rotation of the secret, two such signatures separated by a space, with the new secret and the previous one: accept the delivery when any matches. Compare in constant time, against the raw body as received
                 * @example v1,1fDb+WixxWHufj/GEHZnHjQYkJrUNu5ycswipBjPzWo=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description When this attempt was signed, in Unix seconds. Refuse deliveries too far from your clock (e.g. 5 minutes) to stop replays
                 * @example 1772443804
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidationCompletedEvent"];
            };
        };
        responses: {
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not followed. A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "3XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    validationFailedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifies the sender
                 * @example vat-service-webhooks/1
                 */
                "user-agent": components["parameters"]["WebhookUserAgent"];
                /**
                 * @description The event id (`id` of the body): the same on every retry and replay, so you can deduplicate on it
                 * @example evt_6f1d2c3b4a5948e7b6c5d4e3f2a1b0c9
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). In the 24 hours after a rotation of the secret, two such signatures separated by a space, with the new secret and the previous one: accept the delivery when any matches. Compare in constant time, against the raw body as received
                 * @example v1,1fDb+WixxWHufj/GEHZnHjQYkJrUNu5ycswipBjPzWo=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description When this attempt was signed, in Unix seconds. Refuse deliveries too far from your clock (e.g. 5 minutes) to stop replays
                 * @example 1772443804
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidationFailedEvent"];
            };
        };
        responses: {
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not followed. A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "3XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failed attempt: retried on the schedule above, then the delivery is `failed`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
