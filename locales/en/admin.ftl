### The admin pages: suspensions, presets, adjudications, reported chat, failed mail, and
### the audit log.

admin-title = Admin
admin-audit-title = Audit log
# After a link to the audit log.
admin-audit-note = every action here is written to it.
# After an action, at the top of the page.
admin-notice-suspended = The player is suspended.
admin-notice-reinstated = The player is reinstated.
admin-notice-preset = The preset was changed.
admin-notice-adjudicated = The game is over.
admin-notice-report = The report is settled.
admin-notice-mail = The mail is queued again.
admin-reason = Reason

## Suspensions

admin-suspend-title = Suspend a player
admin-suspend-text = A suspended player cannot log in or create challenges; their games go on and time out as usual.
admin-username = Username
admin-reason-shown = Reason (shown to the player)
admin-suspend = Suspend
admin-suspended = Suspended
# After a suspended player's name; $reason: why (may be empty).
admin-suspended-reason = : { $reason }
admin-reinstate = Reinstate

## Presets

admin-preset-title = Retire or delete a preset
admin-preset-text = Retiring takes it out of the index and out of new challenges; its games go on. Only a preset no game uses can be deleted.
admin-preset-slug-html = Preset (its address name, e.g. <code>my-capablanca</code>)
admin-action = Action
admin-retire = Retire
admin-delete = Delete
admin-apply = Apply

## Adjudications

admin-adjudicate-title = Adjudicate a game
admin-adjudicate-text = Ends an active game (an abandoned one, say) with the result you choose, or aborts it; both players are mailed.
admin-game-number = Game number
admin-result = Result
admin-result-white = 1-0 (White wins)
admin-result-black = 0-1 (Black wins)
admin-result-draw = ½-½ (draw)
admin-result-abort = Abort (no result, not rated)
admin-end-game = End the game
admin-error-game-number = Game number: give the game's number.

## Reported chat messages

admin-reports-title = Reported chat messages
admin-no-reports = No reports.
admin-column-game = Game
admin-column-author = Author
admin-column-message = Message
admin-column-actions = Actions
admin-dismiss = Dismiss
admin-remove-message = Remove the message

## Failed mail

admin-mail-title = Failed mail
admin-no-failed-mail = No mail failed.
admin-column-to = To
admin-column-subject = Subject
admin-column-attempts = Attempts
admin-column-last-error = Last error
admin-column-retry = Retry
admin-retry = Retry

## The audit log (/admin/audit)

admin-audit-newest = { $count ->
        [one] the newest { $count } admin action.
       *[other] the newest { $count } admin actions.
    }
admin-audit-empty = No admin action yet.
admin-audit-column-when = When (UTC)
admin-audit-column-admin = Admin
admin-audit-column-action = Action
admin-audit-column-target = On
admin-audit-column-reason = Reason
# An admin action. $key: the action with dashes (suspend, retire-preset...); $action: as
# stored, shown when no variant has it.
admin-audit-action = { $key ->
        [suspend] suspend
        [reinstate] reinstate
        [retire-preset] retire preset
        [delete-preset] delete preset
        [dismiss-report] dismiss report
        [remove-message] remove message
        [adjudicate] adjudicate
        [retry-mail] retry mail
       *[other] { $action }
    }
# What an admin action was about.
admin-audit-target-game = game { $id }: { $result ->
        [aborted] aborted
       *[other] { $result }
    }
admin-audit-target-message = message { $id }
admin-audit-target-mail = mail { $id }
