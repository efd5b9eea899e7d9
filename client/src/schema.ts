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
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Test keys are answered from [test mode](/docs/test-mode): no registry, no quota, test-mode records and webhook.
         *     - **Files**: a key sees only the files uploaded with keys of its mode.
         *     - **Worth knowing**: `limit` outside 1–100, or a cursor this API did not return, is 422 `validation_error`.
         */
        get: operations["listBulkFiles"];
        put?: never;
        /**
         * Upload a CSV file of VAT numbers to validate in the background
         * @description Uploads a CSV file of VAT numbers and answers 202 once the whole file is read and queued; the numbers are then validated in the background, as fast as the registries allow. Follow it with `GET /v1/bulk/{id}`, fetch the results with `GET /v1/bulk/{id}/results`; with a webhook configured, `bulk.completed` is sent at the end.
         *
         *     Send the file as the body (`Content-Type: text/csv`) or as the one file of a `multipart/form-data` form. The first line names the columns: `vat_number` is required; `reference` (your own id per row; the `reference` query parameter applies to rows without one) and any other columns are kept and echoed in the results. `,` or `;` separators (whichever the header line uses), quoted fields, a UTF-8 BOM and blank lines are fine.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Test keys are answered from [test mode](/docs/test-mode): no registry, no quota, test-mode records and webhook.
         *     - **Files**: a key sees only the files uploaded with keys of its mode.
         *     - **Rows**: up to 10,000 (Pro) or 100,000 (Business, Scale); bodies up to 40 MiB (413 `payload_too_large` beyond).
         *     - **Quota**: the file's unique well-formed numbers count when it is accepted (duplicates once, rejected rows not at all); 429 `rate_limit_exceeded` refuses the whole file when fewer validations remain this month.
         *     - **Rejected rows**: a malformed number (or reference) does not refuse the file: the row is counted in `rejected` and its `error_code` is in the results.
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
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Test keys are answered from [test mode](/docs/test-mode): no registry, no quota, test-mode records and webhook.
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
         * @description The results as CSV, one line per data row of the file in input order, with the separator the file used: the input columns as given, then `normalised_vat_number, valid, company_name, company_address, source, source_status, consultation_number, validation_id, error_code`. `valid` is `true`/`false`, empty for a row without an answer (rejected, failed, or not yet answered while the file is processing). Every `validation_id` is a record (`GET /v1/validations/{id}`); duplicates of a number share one. A cell that starts with `=`, `+`, `-` or `@` gets a leading `'` so spreadsheets do not run it as a formula.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Test keys are answered from [test mode](/docs/test-mode): no registry, no quota, test-mode records and webhook.
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
    "/v1/rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * VAT rates of all 31 countries
         * @description The VAT rates of the 31 countries (the EU 27 with Greece as EL, GB, CH, LI and NO) in force on a day: today (UTC), or the `date` asked for, future dates included.
         *
         *     - **Tiers**: all. Rates are free: they do not count against the monthly quota, but the burst limit applies.
         *     - **Test keys** get the same answers as live keys.
         *     - **Data**: effective-dated, following governments' announcements: a change takes effect on its date. `updated_at` is when the country's rates in force took effect.
         *     - **Worth knowing**: a `date` before 2024-01-01 or not YYYY-MM-DD, or a query parameter this operation does not take, is 422 `validation_error`.
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
         *     - **Data**: effective-dated, following governments' announcements: a change takes effect on its date. `updated_at` is when the country's rates in force took effect.
         *     - **Worth knowing**: a `date` before 2024-01-01 or not YYYY-MM-DD, or a query parameter this operation does not take, is 422 `validation_error`.
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
         * @description Accepts one VAT number and answers 202 at once; the result follows as a `validation.completed` event (the answer `GET /v1/validate` would give, plus `request_id`), or `validation.failed` when the registry stayed unavailable through every retry. See the `webhooks` section of this document for the event bodies and signature.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`), with a **live key**: test keys get 403 `forbidden`, since this makes real registry calls and sends real events.
         *     - **Webhook**: results arrive only by webhook, so one must be configured and enabled (`PUT /v1/webhooks/config`); otherwise 400 `webhook_not_configured`.
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
         * @description Accepts up to 200 (Pro) or 1000 (Business, Scale) numbers and answers 202 at once. Malformed numbers are listed in `rejected` and never queued; the others are validated in the background, and one `batch.completed` event carries every result, one item per accepted position in input order (as `POST /v1/validate/batch` shapes them). When every item is rejected, the answer has `batch_id: null` and `status: completed`, and no event follows.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`), with a **live key**: test keys get 403 `forbidden`, since this makes real registry calls and sends real events.
         *     - **Webhook**: results arrive only by webhook, so one must be configured and enabled (`PUT /v1/webhooks/config`); otherwise 400 `webhook_not_configured`.
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
         *     - **Worth knowing**: an empty array, more than 50 items or a body member this operation does not take (it is named) is 422 `validation_error`; a malformed `requester_vat_number` is 422 `invalid_vat_format`.
         */
        post: operations["validateBatch"];
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
         * @description The webhook of the key's mode, with its signing secret. 404 `not_found` when none is configured.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook, secret, events and deliveries; a test key never sees the live ones.
         */
        get: operations["getWebhookConfig"];
        /**
         * Create or update the webhook
         * @description Sets the URL that events are delivered to (`validation.completed`, `validation.failed`, `batch.completed`, `test`: see the `webhooks` section of this document). The first call generates the signing secret (`whsec_…`, Standard Webhooks); later calls keep it and `created_at` unless `rotate_secret` is true. `enabled: false` pauses deliveries: events are then recorded as failed deliveries, which can be replayed.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook, secret, events and deliveries; a test key never sees the live ones.
         *     - **Worth knowing**: the URL must be HTTPS and must not resolve to a loopback, private, link-local or reserved address (422 `validation_error`); it is checked again at every delivery.
         */
        put: operations["putWebhookConfig"];
        post?: never;
        /**
         * Remove the webhook
         * @description Removes the webhook of the key's mode. Events produced afterwards are recorded as failed deliveries (`failure_reason: webhook_not_configured`) and can be replayed once a webhook exists again. 404 `not_found` when none is configured.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook, secret, events and deliveries; a test key never sees the live ones.
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
         * @description Deliveries of the key's mode, newest first, `limit` at a time (default 20). `meta.next_cursor` (when `has_more`) fetches the next page as `cursor`. Filter by `status` and by `event` type.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook, secret, events and deliveries; a test key never sees the live ones.
         *     - **Worth knowing**: `limit` outside 1–100, a cursor this API did not return, or a query parameter this operation does not take is 422 `validation_error`.
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
         *     - **Key modes**: live and test keys each have their own webhook, secret, events and deliveries; a test key never sees the live ones.
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
         * Send the same event again to the current URL
         * @description Sends the delivery's event again, as a new delivery to the webhook's current URL: the same body and `webhook-id` (receivers can deduplicate on it), signed afresh. `replay_of` names the original. A replay that fails is retried on the normal schedule. Without a webhook, the replay is recorded as failed (`webhook_not_configured`). No body, or `{}`.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook, secret, events and deliveries; a test key never sees the live ones.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
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
         * @description Sends a `test` event to the webhook now and answers with the delivery once the attempt is over: `status` and `last_status_code` say what the receiver answered. Use it to check the URL and your signature verification. A failed test delivery is retried on the normal schedule. No body, or `{}`.
         *
         *     - **Tiers**: Pro, Business and Scale (Free: 403 `tier_insufficient`). Not counted against the monthly quota.
         *     - **Key modes**: live and test keys each have their own webhook, secret, events and deliveries; a test key never sees the live ones.
         *     - **Worth knowing**: 400 `webhook_not_configured` without an enabled webhook.
         */
        post: operations["sendTestWebhook"];
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
         *     **Delivery**: a POST of the JSON body to your webhook URL, signed per Standard Webhooks (the headers below). Answer 2xx within 10 s: anything else (a redirect, which is never followed, a 4xx or 5xx, a timeout) is a failed attempt, retried (6 retries, after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), then the delivery is `failed`.
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
         * @description Sent once per file, when a webhook is configured for the key's mode (test keys included: their files are answered from test mode). `data` has the counts of `GET /v1/bulk/{id}`; the rows themselves are in the results CSV at `results_url`.
         *
         *     **Delivery**: a POST of the JSON body to your webhook URL, signed per Standard Webhooks (the headers below). Answer 2xx within 10 s: anything else (a redirect, which is never followed, a 4xx or 5xx, a timeout) is a failed attempt, retried (6 retries, after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), then the delivery is `failed`.
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
         * @description Sent at once to the webhook of the calling key's mode, to check the URL and your signature verification. Test keys have their own webhook and receive only test events.
         *
         *     **Delivery**: a POST of the JSON body to your webhook URL, signed per Standard Webhooks (the headers below). Answer 2xx within 10 s: anything else (a redirect, which is never followed, a 4xx or 5xx, a timeout) is a failed attempt, retried (6 retries, after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), then the delivery is `failed`.
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
         * @description `data` is the validation result as `GET /v1/validate` gives it, plus `request_id` (the `data.request_id` of the 202) and the answer's meta in `data.meta`. Sent for live keys only: test keys cannot queue numbers.
         *
         *     **Delivery**: a POST of the JSON body to your webhook URL, signed per Standard Webhooks (the headers below). Answer 2xx within 10 s: anything else (a redirect, which is never followed, a 4xx or 5xx, a timeout) is a failed attempt, retried (6 retries, after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), then the delivery is `failed`.
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
         *     **Delivery**: a POST of the JSON body to your webhook URL, signed per Standard Webhooks (the headers below). Answer 2xx within 10 s: anything else (a redirect, which is never followed, a 4xx or 5xx, a timeout) is a failed attempt, retried (6 retries, after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h), then the delivery is `failed`.
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
            source: "vies" | "hmrc" | "uid" | "brreg" | "abr" | "kas" | "ares" | "anaf" | "checksum" | "format" | "test";
            /** @description `fallback`: VIES could not answer and the member state's own register did */
            source_status: "live" | "cached" | "unavailable" | "degraded" | "unverified" | "fallback";
            stale?: boolean;
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
                /** @description Who answered: a registry, a national register standing in for VIES (`kas`: Poland's domestic VAT status, not the intra-EU VAT-UE registration; `ares`; `anaf`), or the service itself (`checksum`, `format`, `test`) */
                source: "vies" | "hmrc" | "uid" | "brreg" | "abr" | "kas" | "ares" | "anaf" | "checksum" | "format" | "test";
                /** @description `fallback`: VIES could not answer and the member state's own register did */
                source_status: "live" | "cached" | "unavailable" | "degraded" | "unverified" | "fallback";
                stale?: boolean;
                /** @description The record of this answer (val_…) */
                validation_id?: string;
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
            /** @description validation.completed, validation.failed, batch.completed or test */
            event: string;
            /** @description Also the webhook-id header: stable across retries and replays */
            event_id: string;
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
            /** @description validation.completed, validation.failed, batch.completed or test */
            event: string;
            /** @description Also the webhook-id header: stable across retries and replays */
            event_id: string;
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
            code: "missing_parameter" | "invalid_json" | "webhook_not_configured" | "unauthorized" | "tier_insufficient" | "forbidden" | "monitor_limit_exceeded" | "not_found" | "conflict" | "payload_too_large" | "unsupported_media_type" | "invalid_vat_format" | "validation_error" | "invalid_csv" | "idempotency_key_reused" | "rate_limit_exceeded" | "burst_limit_exceeded" | "internal_error" | "service_unavailable" | "upstream_error" | "upstream_unavailable";
            /** Format: uri */
            docs_url: string;
            message: string;
            /** @description The input as sent (failed batch items only) */
            vat_number?: string;
        };
        RateRecord: {
            /** @description Two-letter code; Greece is EL */
            country_code: string;
            country_name: string;
            /** @description ISO 4217 */
            currency: string;
            other_rates: {
                rate: number;
                type: "reduced" | "super_reduced" | "zero";
            }[];
            /** @description Percent */
            standard_rate: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updated_at: string;
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
        ValidationCompletedEvent: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            data: components["schemas"]["ValidationData"] & {
                meta: components["schemas"]["AnswerMeta"];
                /** @description The `reference` sent with the number, or null */
                reference: string | null;
                /** @description The `data.request_id` of the 202 that accepted the number */
                request_id: string;
                /** @description The record of this answer: GET /v1/validations/{id} */
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
                    code: "missing_parameter" | "invalid_json" | "webhook_not_configured" | "unauthorized" | "tier_insufficient" | "forbidden" | "monitor_limit_exceeded" | "not_found" | "conflict" | "payload_too_large" | "unsupported_media_type" | "invalid_vat_format" | "validation_error" | "invalid_csv" | "idempotency_key_reused" | "rate_limit_exceeded" | "burst_limit_exceeded" | "internal_error" | "service_unavailable" | "upstream_error" | "upstream_unavailable";
                    message: string;
                };
                /** @description The `reference` sent with the number, or null */
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
    };
    responses: never;
    parameters: {
        /**
         * @description The event id (`id` of the body): the same on every retry and replay, so you can deduplicate on it
         * @example evt_6f1d2c3b4a5948e7b6c5d4e3f2a1b0c9
         */
        WebhookId: string;
        /**
         * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). Compare in constant time, against the raw body as received
         * @example v1,Kcpnxj6MxW6wEGNj6klOze9QW0NHoddcTdHfZPqbMJ8=
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
                /** @description next_cursor of the previous page */
                cursor?: string;
                /**
                 * @description 1 to 100, default 20
                 * @example 20
                 */
                limit?: string;
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
    uploadBulkFile: {
        parameters: {
            query?: {
                /** @description `false` asks the registry for every number even when a cached answer exists */
                cache?: "true" | "false";
                /**
                 * @description Your own id, kept on the record of every row whose `reference` cell is empty
                 * @example import-2026-03
                 */
                reference?: string;
            };
            header?: never;
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
    validate: {
        parameters: {
            query: {
                /**
                 * @description `false` asks the registry even when a cached answer exists
                 * @example false
                 */
                cache?: "true" | "false";
                /**
                 * @description Your own VAT number, for a consultation number (Business and Scale tiers)
                 * @example DE136695976
                 */
                requester_vat_number?: string;
                /**
                 * @description VAT number with its country prefix; spaces, dots, dashes and slashes are ignored
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
                            request_id: string;
                            /** @description Who answered: a registry, a national register standing in for VIES (`kas`: Poland's domestic VAT status, not the intra-EU VAT-UE registration; `ares`; `anaf`), or the service itself (`checksum`, `format`, `test`) */
                            source: "vies" | "hmrc" | "uid" | "brreg" | "abr" | "kas" | "ares" | "anaf" | "checksum" | "format" | "test";
                            /** @description `fallback`: VIES could not answer and the member state's own register did */
                            source_status: "live" | "cached" | "unavailable" | "degraded" | "unverified" | "fallback";
                            stale?: boolean;
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
            header?: never;
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
                    /** @description Your own VAT number, for consultation numbers (Business and Scale tiers) */
                    requester_vat_number?: string;
                    /** @description VAT number with its country prefix */
                    vat_number: string;
                };
            };
        };
        responses: {
            /** @description Queued */
            202: {
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
                        data: {
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
    validateAsyncBatch: {
        parameters: {
            query?: never;
            header?: never;
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
                    /** @description Your own VAT number, for consultation numbers (Business and Scale tiers) */
                    requester_vat_number?: string;
                    /** @description At most 200 (Pro) or 1000 (Business, Scale) */
                    vat_numbers: string[];
                };
            };
        };
        responses: {
            /** @description Queued */
            202: {
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
                        data: {
                            /** @description Items queued (positions, duplicates included) */
                            accepted: number;
                            /** @description Also `data.batch_id` of the batch.completed event; null when every item was rejected */
                            batch_id: string | null;
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
    validateBatch: {
        parameters: {
            query?: never;
            header?: never;
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
                    /** @description Your own VAT number, for consultation numbers (Business and Scale tiers) */
                    requester_vat_number?: string;
                    /** @description 1 to 50 numbers, each with its country prefix */
                    vat_numbers: string[];
                };
            };
        };
        responses: {
            /** @description One result per input, in input order */
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
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default true */
                    enabled?: boolean;
                    /** @description true generates a new signing secret */
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
    deleteWebhookConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
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
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page */
                cursor?: string;
                /**
                 * @description Event type, e.g. batch.completed
                 * @example batch.completed
                 */
                event?: string;
                /**
                 * @description 1 to 100, default 20
                 * @example 20
                 */
                limit?: string;
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
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: never;
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
                 * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). Compare in constant time, against the raw body as received
                 * @example v1,Kcpnxj6MxW6wEGNj6klOze9QW0NHoddcTdHfZPqbMJ8=
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
                 * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). Compare in constant time, against the raw body as received
                 * @example v1,Kcpnxj6MxW6wEGNj6klOze9QW0NHoddcTdHfZPqbMJ8=
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
                 * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). Compare in constant time, against the raw body as received
                 * @example v1,Kcpnxj6MxW6wEGNj6klOze9QW0NHoddcTdHfZPqbMJ8=
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
                 * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). Compare in constant time, against the raw body as received
                 * @example v1,Kcpnxj6MxW6wEGNj6klOze9QW0NHoddcTdHfZPqbMJ8=
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
                 * @description `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the signing secret after `whsec_` (Standard Webhooks; any of its libraries verifies it). Compare in constant time, against the raw body as received
                 * @example v1,Kcpnxj6MxW6wEGNj6klOze9QW0NHoddcTdHfZPqbMJ8=
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
